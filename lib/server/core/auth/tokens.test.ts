import { base64url, exportJWK, generateKeyPair, SignJWT, type CryptoKey as JoseKey } from "jose";
import { createHmac } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { BankKey } from "@/lib/server/core/auth/keys";
import { bearerToken, cachingVerifier, issueAccessToken, verifyAccessToken } from "@/lib/server/core/auth/tokens";
import { ApiError } from "@/lib/contract/http/errors";

const settings = { issuer: "https://harbour.test", audience: "harbour-api", ttlSeconds: 600, maxLifetimeSeconds: 600 };
let key: BankKey;
let otherKey: BankKey;

async function makeKey(): Promise<BankKey> {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  return { kid: "k1", privateKey: privateKey as CryptoKey, publicKey: publicKey as CryptoKey, publicJwk: await exportJWK(publicKey) };
}

beforeAll(async () => {
  key = await makeKey();
  otherKey = await makeKey();
});

async function expectUnauthorized(token: string, now?: number): Promise<void> {
  const error = await verifyAccessToken(token, key, settings, now).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).code).toBe("UNAUTHORIZED");
}

function claims(extra: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return { iss: settings.issuer, aud: settings.audience, sub: "acme", cif: "1", scope: "get-account", iat: now, exp: now + 60, jti: "j", ...extra };
}

function unsigned(header: Record<string, unknown>, payload: Record<string, unknown>): string {
  const enc = (o: unknown) => base64url.encode(JSON.stringify(o));
  return `${enc(header)}.${enc(payload)}`;
}

describe("access tokens", () => {
  it("carries the portal user on portal tokens only, so the pipeline can charge the user's quota", async () => {
    const portalUser = { id: "u-1", email: "treasurer@acme.test", role: "treasurer" as const, sessionId: "0b6f2f7e-4a4e-4d8a-9d7e-1f2a3b4c5d6e" };
    const portal = await issueAccessToken(key, settings, { clientId: "acme", cif: "100", scopes: ["get-account"], portalUser });
    expect((await verifyAccessToken(portal.access_token, key, settings)).portalUser).toEqual(portalUser);
    const integration = await issueAccessToken(key, settings, { clientId: "acme", cif: "100", scopes: ["get-account"] });
    expect((await verifyAccessToken(integration.access_token, key, settings)).portalUser).toBeNull();
    // A claim with an unknown role is not a portal user.
    const odd = await new SignJWT(claims({ portal_user: "u-1", portal_email: "x@y", portal_role: "owner" }))
      .setProtectedHeader({ alg: "RS256", kid: key.kid, typ: "at+jwt" })
      .sign(key.privateKey);
    expect((await verifyAccessToken(odd, key, settings)).portalUser).toBeNull();
  });

  it("round-trips the client, cif and known scopes", async () => {
    const { access_token, expires_in, scope } = await issueAccessToken(key, settings, { clientId: "acme", cif: "100", scopes: ["get-account", "payment-ach"] });
    expect(expires_in).toBe(600);
    expect(scope).toBe("get-account payment-ach");
    const principal = await verifyAccessToken(access_token, key, settings);
    expect(principal.clientId).toBe("acme");
    expect(principal.cif).toBe("100");
    expect([...principal.scopes]).toEqual(["get-account", "payment-ach"]);
  });

  it("rejects alg none", async () => {
    await expectUnauthorized(`${unsigned({ alg: "none", typ: "JWT" }, claims())}.`);
  });

  it("rejects an HS256 token keyed with the public key", async () => {
    const pem = JSON.stringify(key.publicJwk);
    const input = unsigned({ alg: "HS256", typ: "JWT" }, claims());
    const signature = createHmac("sha256", pem).update(input).digest("base64url");
    await expectUnauthorized(`${input}.${signature}`);
  });

  it("rejects a token signed by another key", async () => {
    const token = await new SignJWT(claims()).setProtectedHeader({ alg: "RS256", typ: "at+jwt" }).sign(otherKey.privateKey as JoseKey);
    await expectUnauthorized(token);
  });

  it("rejects a wrong issuer and a wrong audience", async () => {
    for (const wrong of [{ iss: "https://evil.test" }, { aud: "someone-else" }]) {
      const token = await new SignJWT(claims(wrong)).setProtectedHeader({ alg: "RS256", typ: "at+jwt" }).sign(key.privateKey as JoseKey);
      await expectUnauthorized(token);
    }
  });

  it("rejects an expired token and one without exp", async () => {
    const { access_token } = await issueAccessToken(key, settings, { clientId: "acme", cif: "1", scopes: [] });
    // Past exp plus the 5 s clock tolerance.
    await expectUnauthorized(access_token, Date.now() + 606_000);
    const noExp = { ...claims() } as Record<string, unknown>;
    delete noExp.exp;
    await expectUnauthorized(await new SignJWT(noExp).setProtectedHeader({ alg: "RS256", typ: "at+jwt" }).sign(key.privateKey as JoseKey));
  });

  it("rejects a tampered payload", async () => {
    const { access_token } = await issueAccessToken(key, settings, { clientId: "acme", cif: "1", scopes: ["get-account"] });
    const [h, , s] = access_token.split(".");
    const forged = `${h}.${base64url.encode(JSON.stringify(claims({ sub: "globex" })))}.${s}`;
    await expectUnauthorized(forged);
  });

  it("rejects a portal token that does not name its session", async () => {
    const token = await new SignJWT(claims({ portal_user: "u-1", portal_email: "x@y", portal_role: "viewer" }))
      .setProtectedHeader({ alg: "RS256", typ: "at+jwt" })
      .sign(key.privateKey as JoseKey);
    await expectUnauthorized(token);
  });

  it("rejects a non-canonical base64url encoding of an otherwise valid token", async () => {
    const { access_token } = await issueAccessToken(key, settings, { clientId: "acme", cif: "1", scopes: ["get-account"] });
    const [h, p, sig] = access_token.split(".") as [string, string, string];
    expect((await verifyAccessToken(access_token, key, settings)).clientId).toBe("acme");
    // 256 signature bytes leave 4 spare bits in the last character: set one, and the bytes decode the same.
    const last = sig.at(-1)!;
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const spare = alphabet[alphabet.indexOf(last) ^ 1]!;
    expect(Buffer.from(sig.slice(0, -1) + spare, "base64url").equals(Buffer.from(sig, "base64url"))).toBe(true);
    for (const variant of [`${h}.${p}.${sig}=`, `${h}.${p}.${sig}==`, `${h}.${p}.${sig.slice(0, -1)}${spare}`, `${h}=.${p}.${sig}`]) {
      await expectUnauthorized(variant);
    }
  });

  it("rejects an iat in the future beyond the skew, and a lifetime longer than the maximum", async () => {
    const now = Math.floor(Date.now() / 1000);
    const sign = (extra: Record<string, unknown>) =>
      new SignJWT(claims(extra)).setProtectedHeader({ alg: "RS256", typ: "at+jwt" }).sign(key.privateKey as JoseKey);
    expect((await verifyAccessToken(await sign({ iat: now + 3 }), key, settings)).clientId).toBe("acme");
    await expectUnauthorized(await sign({ iat: now + 60, exp: now + 120 }));
    expect((await verifyAccessToken(await sign({ iat: now, exp: now + 600 }), key, settings)).clientId).toBe("acme");
    await expectUnauthorized(await sign({ iat: now, exp: now + 601 }));
    await expectUnauthorized(await sign({ iat: now - 86_400, exp: now + 60 }));
  });

  it("takes only RFC 9068 access tokens: typ at+jwt and one audience, not an aud array or another typ (issue 19, item 12)", async () => {
    const sign = (typ: string | undefined, extra: Record<string, unknown> = {}) =>
      new SignJWT(claims(extra)).setProtectedHeader(typ ? { alg: "RS256", typ } : { alg: "RS256" }).sign(key.privateKey as JoseKey);
    expect((await verifyAccessToken(await sign("at+jwt"), key, settings)).clientId).toBe("acme");
    expect((await verifyAccessToken(await sign("application/at+jwt"), key, settings)).clientId).toBe("acme");
    for (const typ of ["JWT", "jwt", undefined]) await expectUnauthorized(await sign(typ));
    await expectUnauthorized(await sign("at+jwt", { aud: [settings.audience, "another-api"] }));
    await expectUnauthorized(await sign("at+jwt", { aud: [settings.audience] }));
  });

  it("ignores unknown scope names instead of granting them", async () => {
    const token = await new SignJWT(claims({ scope: "get-account admin:everything" }))
      .setProtectedHeader({ alg: "RS256", typ: "at+jwt" })
      .sign(key.privateKey as JoseKey);
    expect([...(await verifyAccessToken(token, key, settings)).scopes]).toEqual(["get-account"]);
  });
});

describe("bearerToken", () => {
  it("requires the Bearer scheme", () => {
    expect(bearerToken(new Headers({ authorization: "Bearer abc.def.ghi" }))).toBe("abc.def.ghi");
    // Two Authorization headers arrive joined by ", " (Headers.get and scripts/server.mjs).
    const two = new Headers();
    two.append("authorization", "Bearer abc.def.ghi");
    two.append("authorization", "Bearer jkl.mno.pqr");
    expect(() => bearerToken(two)).toThrow(/exactly one Authorization header/);
    for (const value of [null, "Basic abc", "Bearer", "Bearer a b", "bearer"]) {
      const headers = new Headers(value ? { authorization: value } : {});
      expect(() => bearerToken(headers)).toThrow(ApiError);
    }
  });
});

describe("cachingVerifier", () => {
  it("never lets a remembered verdict outlive the token's exp", async () => {
    const verify = cachingVerifier(key, settings);
    const { access_token } = await issueAccessToken(key, settings, { clientId: "acme", cif: "1", scopes: ["get-account"] });
    expect((await verify(access_token)).clientId).toBe("acme");
    expect((await verify(access_token)).clientId).toBe("acme");
    const error = await verify(access_token, Date.now() + 700_000).catch((e: unknown) => e);
    expect((error as ApiError).code).toBe("UNAUTHORIZED");
  });

  it("does not remember failures", async () => {
    const verify = cachingVerifier(key, settings);
    const forged = await new SignJWT(claims()).setProtectedHeader({ alg: "RS256", typ: "at+jwt" }).sign(otherKey.privateKey as JoseKey);
    for (let i = 0; i < 2; i++) await expect(verify(forged)).rejects.toBeInstanceOf(ApiError);
  });

  it("stays within its size bound", async () => {
    const verify = cachingVerifier(key, settings, 2);
    const tokens = await Promise.all([1, 2, 3].map((n) => issueAccessToken(key, settings, { clientId: `c${n}`, cif: "1", scopes: [] })));
    for (const t of tokens) await verify(t.access_token);
    expect((await verify(tokens[0]!.access_token)).clientId).toBe("c1");
  });
});
