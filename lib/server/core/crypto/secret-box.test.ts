import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSecretBox, isSealed, parseSecretsKey } from "@/lib/server/core/crypto/secret-box";

describe("secret box (AES-256-GCM at rest)", () => {
  const key = randomBytes(32);

  it("seals so that the stored text does not contain the secret, and opens it again", () => {
    const box = createSecretBox(key);
    const sealed = box.seal("whsec_abc", "clients.signing_secret");
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain("whsec_abc");
    expect(box.seal("whsec_abc", "clients.signing_secret")).not.toBe(sealed);
    expect(box.open(sealed, "clients.signing_secret")).toBe("whsec_abc");
  });

  it("refuses a value bound to another purpose, tampered with, or sealed under an unknown key", () => {
    const box = createSecretBox(key);
    const sealed = box.seal("s", "server_secrets.page-token");
    expect(() => box.open(sealed, "server_secrets.portal-session")).toThrow();
    const parts = sealed.split(":");
    parts[4] = Buffer.from("x").toString("base64url");
    expect(() => box.open(parts.join(":"), "server_secrets.page-token")).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed, "server_secrets.page-token")).toThrow(/unknown key/);
    expect(() => box.open("plain", "server_secrets.page-token")).toThrow(/not sealed/);
  });

  it("opens values of the previous key during a rotation and says they need re-sealing", () => {
    const old = createSecretBox(key);
    const sealed = old.seal("s", "p");
    const rotated = createSecretBox(randomBytes(32), [key]);
    expect(rotated.open(sealed, "p")).toBe("s");
    expect(rotated.isCurrent(sealed)).toBe(false);
    expect(rotated.isCurrent(rotated.seal("s", "p"))).toBe(true);
  });

  it("takes the key as 64 hex digits or base64 of 32 bytes, nothing else", () => {
    expect(parseSecretsKey(key.toString("hex"), "K")).toEqual(key);
    expect(parseSecretsKey(key.toString("base64"), "K")).toEqual(key);
    expect(() => parseSecretsKey("short", "K")).toThrow(/32 bytes/);
  });
});
