import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, freshNonce } from "./front-door.mjs";

describe("the front door's CSP nonce", () => {
  it("is 128 random bits, never the same twice, across the refills of its entropy pool", () => {
    const nonces = Array.from({ length: 1000 }, freshNonce);
    expect(new Set(nonces).size).toBe(1000);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });

  it("is the only part of the policy that changes", () => {
    expect(contentSecurityPolicy("abc")).toBe(
      "default-src 'self'; script-src 'self' 'nonce-abc' 'strict-dynamic'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
        "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    );
  });
});
