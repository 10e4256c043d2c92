import { describe, expect, it } from "vitest";
import { GET as getAccount } from "@/app/v1/accounts/[accountNumber]/route";
import { endSession, endSessionsOfUser } from "@/lib/server/domain/auth/sessions";
import { issueAccessToken } from "@/lib/server/core/auth/tokens";
import { bearerRefusal } from "@/lib/server/entry/http/bearer-failures";
import { ApiError } from "@/lib/contract/http/errors";
import { getRuntime } from "@/lib/server/entry/runtime";
import { call, expectErrorBody, tokenFor } from "@/tests/api";
import { portalSessionFor } from "@/tests/portal";

const get = (token: string | null, headers: Record<string, string> = {}) =>
  call(getAccount, "/v1/accounts/1000123456", { token, headers, params: { accountNumber: "1000123456" } });

describe("portal API tokens end with their session", () => {
  it("a token minted before sign-out is refused after it", async () => {
    const { db } = await getRuntime();
    const { token, sessionId } = await portalSessionFor("viewer@acme.test");
    expect((await get(token)).status).toBe(200);
    await endSession(db, sessionId, "sign-out");
    const refused = await get(token);
    expect(refused.status).toBe(401);
    expectErrorBody(refused.body, 401, "UNAUTHORIZED");
    expect(refused.body.message).toContain("session");
  });

  it("sign out everywhere refuses every token of that user", async () => {
    const { db } = await getRuntime();
    const a = await portalSessionFor("treasurer@acme.test");
    const b = await portalSessionFor("treasurer@acme.test");
    await endSessionsOfUser(db, a.userId, "sign-out-everywhere");
    expect([(await get(a.token)).status, (await get(b.token)).status]).toEqual([401, 401]);
    // A colleague's session is untouched.
    expect((await get((await portalSessionFor("admin@acme.test")).token)).status).toBe(200);
  });
});

describe("a token's cif must be its client's", () => {
  it("refuses a bank-signed token whose cif names another customer", async () => {
    const runtime = await getRuntime();
    const settings = { ...runtime.config.jwt, ttlSeconds: 300 };
    const wrong = await issueAccessToken(runtime.bankKey, settings, { clientId: "acme", cif: "200300400", scopes: ["get-account"] });
    const refused = await get(wrong.access_token);
    expect(refused.status).toBe(401);
    expectErrorBody(refused.body, 401, "UNAUTHORIZED");
    expect((await get(await tokenFor("acme"))).status).toBe(200);
  });
});

describe("invalid bearer tokens are counted per source address", () => {
  it("answers 429 with Retry-After once an address has sent too many invalid tokens", async () => {
    const { counterDb } = await getRuntime();
    const policy = { maxFailures: 3, windowSeconds: 60, lockSeconds: 60 };
    const unauthorized = new ApiError("UNAUTHORIZED", "The access token is invalid.");
    const outcomes = [];
    for (let i = 0; i < 3; i++) outcomes.push(((await bearerRefusal(counterDb, "198.51.100.200", true, unauthorized, policy)) as ApiError).code);
    expect(outcomes).toEqual(["UNAUTHORIZED", "UNAUTHORIZED", "RATE_LIMITED"]);
    const limited = (await bearerRefusal(counterDb, "198.51.100.200", true, unauthorized, policy)) as ApiError;
    expect(Number(limited.headers["Retry-After"])).toBeGreaterThan(50);
    // Another address, a request without the header, and other errors are not counted.
    expect(((await bearerRefusal(counterDb, "198.51.100.201", true, unauthorized, policy)) as ApiError).code).toBe("UNAUTHORIZED");
    expect(await bearerRefusal(counterDb, "198.51.100.202", false, unauthorized, { ...policy, maxFailures: 1 })).toBe(unauthorized);
  });

  it("the pipeline counts refused tokens by X-Forwarded-For (set by scripts/server.mjs)", async () => {
    const headers = { "x-forwarded-for": "192.0.2.180" };
    for (let i = 0; i < 2; i++) expect((await get("not.a.token", headers)).status).toBe(401);
    const { db } = await getRuntime();
    const { rows } = await db.query("SELECT failed_attempts FROM auth_throttle WHERE scope = 'bearer-address' AND key = '192.0.2.180'");
    expect(rows).toEqual([{ failed_attempts: 2 }]);
  });

  it("refuses two Authorization headers with the error body", async () => {
    const token = await tokenFor("acme");
    const res = await get(null, { authorization: `Bearer ${token}, Bearer ${token}` });
    expect(res.status).toBe(401);
    expectErrorBody(res.body, 401, "UNAUTHORIZED");
  });
});
