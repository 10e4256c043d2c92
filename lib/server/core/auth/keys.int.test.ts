import { generateKeyPairSync } from "node:crypto";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { decodeProtectedHeader } from "jose";
import { describe, expect, it } from "vitest";
import { GET as jwks } from "@/app/v1/.well-known/jwks.json/route";
import { POST as issueToken } from "@/app/v1/oauth/token/route";
import { GET as getAccount } from "@/app/v1/accounts/[accountNumber]/route";
import { keyFromPem, KeyRing } from "@/lib/server/core/auth/keys";
import { getRuntime } from "@/lib/server/entry/runtime";
import { call } from "@/tests/api";
import { runOps } from "@/tests/ops";

/**
 * The bank's RSA key rotates (docs/operations.md "Keys"): `key rotate` makes a
 * new key sign, the JWKS publishes both by kid during the overlap, and a token
 * signed by the old key keeps working until it expires, on a server that was
 * already running, without a restart.
 */
const ops = (...argv: string[]) => runOps([...argv, "--json"]);

async function newToken(): Promise<string> {
  const res = await call<{ access_token: string }>(issueToken, "/v1/oauth/token", {
    headers: { authorization: `Basic ${Buffer.from("acme:acme-uat-secret").toString("base64")}`, "content-type": "application/x-www-form-urlencoded" },
    rawBody: "grant_type=client_credentials",
    method: "POST",
  });
  expect(res.status).toBe(200);
  return res.body.access_token;
}

const accountWith = (token: string) => call(getAccount, "/v1/accounts/1000123456", { token, params: { accountNumber: "1000123456" } });
const kids = async () => (await call<{ keys: Array<{ kid: string }> }>(jwks, "/v1/.well-known/jwks.json")).body.keys.map((k) => k.kid);

function pem(bits = 2048, type: "rsa" | "ec" = "rsa"): string {
  const { privateKey } = type === "rsa" ? generateKeyPairSync("rsa", { modulusLength: bits }) : generateKeyPairSync("ec", { namedCurve: "P-256" });
  return privateKey.export({ format: "pem", type: "pkcs8" }).toString();
}

describe("key rotate", () => {
  it("a new key signs the next token; both kids are in the JWKS; the old key's token still works until the old key's overlap ends", async () => {
    const runtime = await getRuntime();
    const oldKid = runtime.bankKey.kid;
    const oldToken = await newToken();
    expect(decodeProtectedHeader(oldToken).kid).toBe(oldKid);

    const rotated = await ops("key", "rotate");
    expect(rotated.code).toBe(0);
    expect(rotated.json).toMatchObject({ retired: [oldKid] });
    const newKid = String(rotated.json.kid);
    expect(newKid).not.toBe(oldKid);

    // The running server learns of it without a restart (the periodic re-read, run now rather than waited for).
    await runtime.keyRing.reload(runtime.db);
    expect(runtime.bankKey.kid).toBe(newKid);
    expect(await kids()).toEqual([newKid, oldKid]);
    const fresh = await newToken();
    expect(decodeProtectedHeader(fresh).kid).toBe(newKid);
    expect((await accountWith(fresh)).status).toBe(200);
    expect((await accountWith(oldToken)).status).toBe(200);

    // The overlap over: the old key leaves the JWKS and its tokens are refused.
    await runtime.db.query("UPDATE signing_keys SET verify_until = now() - interval '1 second' WHERE kid = $1", [oldKid]);
    await runtime.keyRing.reload(runtime.db);
    expect(await kids()).toEqual([newKid]);
    // A fresh verifier: the per-token cache keeps a verdict only while the key that made it is published.
    const ring = await KeyRing.load(runtime.db);
    await expect(ring.publicKeyFor(oldKid, runtime.db)).rejects.toThrow(/unknown kid/);
    const { rows } = await runtime.db.query("SELECT action, after FROM audit_log WHERE client_id = '_bank' AND action = 'signing_key.rotated'");
    expect(rows).toHaveLength(1);
  });

  it("a server that has not re-read the keys yet verifies a token of the new key at once (an unknown kid re-reads them)", async () => {
    const runtime = await getRuntime();
    const ring = await KeyRing.load(runtime.db);
    const rotated = await ops("key", "rotate");
    await new Promise((r) => setTimeout(r, 2_100));
    await expect(ring.publicKeyFor(String(rotated.json.kid), runtime.db)).resolves.toBeDefined();
    expect(ring.current.kid).toBe(rotated.json.kid);
  });

  it("rotates to a key from a PEM file, named by its thumbprint; refuses a PEM that is not an RSA private key of 2048 bits or more, naming the flag", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "harbour-keys-"));
    const good = path.join(dir, "bank.pem");
    const text = pem();
    await writeFile(good, text);
    const rotated = await ops("key", "rotate", "--pem-file", good);
    expect(rotated.code).toBe(0);
    expect(rotated.json.kid).toBe((await keyFromPem(text)).kid);
    expect((await ops("key", "list")).json.keys).toContainEqual({ kid: rotated.json.kid, signs: true });
    // The same PEM again (a server restarted with it in its environment) is not a new rotation.
    expect((await ops("key", "rotate", "--pem-file", good)).json).toMatchObject({ error: { code: "ALREADY_EXISTS", field: "pem-file" } });

    for (const [content, message] of [
      ["not a key", /not a PEM private key/],
      [pem(1024), /has 1024 bits; at least 2048/],
      [pem(2048, "ec"), /is ec, not RSA/],
    ] as const) {
      const file = path.join(dir, "bad.pem");
      await writeFile(file, content);
      const refused = await ops("key", "rotate", "--pem-file", file);
      expect(refused).toMatchObject({ code: 1, json: { error: { field: "pem-file" } } });
      expect(refused.err).toMatch(message);
    }
    expect((await ops("key", "rotate", "--pem-file", path.join(dir, "missing.pem"))).err).toMatch(/cannot read .*ENOENT/);
  });
});
