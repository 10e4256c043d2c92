import { describe, expect, it } from "vitest";
import { POST as issueToken } from "@/app/v1/oauth/token/route";
import { exchangeClientCredentials, type TokenThrottle } from "@/lib/server/domain/auth/client-credentials";
import { ApiError } from "@/lib/contract/http/errors";
import { getRuntime } from "@/lib/server/entry/runtime";
import { call, expectErrorBody } from "@/tests/api";

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;
const grant = { grant_type: "client_credentials" };
const small: TokenThrottle = {
  client: { maxFailures: 3, windowSeconds: 60, lockSeconds: 60 },
  address: { maxFailures: 5, windowSeconds: 60, lockSeconds: 60 },
};

async function attempt(id: string, secret: string, address: string): Promise<number> {
  const runtime = await getRuntime();
  try {
    await exchangeClientCredentials(runtime, basic(id, secret), grant, address, small);
    return 200;
  } catch (error) {
    return (error as { status: number }).status;
  }
}

describe("token endpoint: failed client authentication is throttled", () => {
  it("locks a client id from the address that failed, even for the right secret, with Retry-After; elsewhere the right secret works", async () => {
    expect([await attempt("acme", "wrong", "198.51.100.10"), await attempt("acme", "wrong", "198.51.100.10")]).toEqual([401, 401]);
    expect(await attempt("acme", "wrong", "198.51.100.10")).toBe(429);
    const runtime = await getRuntime();
    const refused = await exchangeClientCredentials(runtime, basic("acme", "acme-uat-secret"), grant, "198.51.100.10", small).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe("RATE_LIMITED");
    expect(Number((refused as ApiError).headers["Retry-After"])).toBeGreaterThan(50);
    // Client ids are not secret (issue 19, item 7): failures from one address never lock the integration out
    // of its own, and another client is not affected either.
    expect(await attempt("acme", "acme-uat-secret", "198.51.100.13")).toBe(200);
    expect(await attempt("globex", "globex-uat-secret", "198.51.100.10")).toBe(200);
  });

  it("a parallel burst of wrong secrets is checked up to the limit only, each attempt counted before its check (issue 19, item 6)", async () => {
    const address = "198.51.100.30";
    // All wrong: a right secret in the burst would, once checked, clear the count (as a success does, below) and let
    // the attempts that reach the counter after it be checked too, depending on timing alone.
    const statuses = await Promise.all(Array.from({ length: 12 }, () => attempt("acme", "wrong", address)));
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(3);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(9);
    expect(await attempt("acme", "acme-uat-secret", address)).toBe(429);
  });

  it("locks a source address that tries many client ids", async () => {
    const address = "203.0.113.50";
    for (let i = 0; i < 4; i++) expect(await attempt(`guess-${i}`, "x", address)).toBe(401);
    expect(await attempt("guess-9", "x", address)).toBe(429);
    expect(await attempt("globex", "globex-uat-secret", address)).toBe(429);
    expect(await attempt("globex", "globex-uat-secret", "203.0.113.51")).toBe(200);
  });

  it("a success clears the client's count", async () => {
    const counted = async () =>
      (await (await getRuntime()).db.query("SELECT failed_attempts FROM auth_throttle WHERE scope = 'token-client' AND key = '198.51.100.20 globex'")).rows;
    for (let i = 0; i < 2; i++) expect(await attempt("globex", "wrong", "198.51.100.20")).toBe(401);
    expect(await counted()).toEqual([{ failed_attempts: 2 }]);
    expect(await attempt("globex", "globex-uat-secret", "198.51.100.20")).toBe(200);
    expect(await counted()).toEqual([]);
  });
});

describe("token endpoint: credentials sent once (RFC 6749 §2.3)", () => {
  const form = { "content-type": "application/x-www-form-urlencoded" };
  it("refuses Basic together with form credentials, and a malformed Basic header", async () => {
    const cases: Array<[string, Record<string, string>, number, string]> = [
      ["grant_type=client_credentials&client_secret=globex-uat-secret", { authorization: basic("globex", "globex-uat-secret") }, 400, "invalid_request"],
      [
        "grant_type=client_credentials&client_id=acme&client_secret=acme-uat-secret",
        { authorization: basic("globex", "globex-uat-secret") },
        400,
        "invalid_request",
      ],
      ["grant_type=client_credentials&client_id=acme", { authorization: basic("globex", "globex-uat-secret") }, 400, "invalid_request"],
      ["grant_type=client_credentials&client_id=globex&client_secret=globex-uat-secret", { authorization: "Basic bm9jb2xvbg==" }, 401, "invalid_client"],
    ];
    for (const [body, headers, status, error] of cases) {
      const res = await call(issueToken, "/v1/oauth/token", { method: "POST", headers: { ...form, ...headers }, rawBody: body });
      expect(res.status, body).toBe(status);
      expect(res.body.error).toBe(error);
    }
    // Basic with the same client_id in the form (some libraries send it) is one method.
    const same = await call(issueToken, "/v1/oauth/token", {
      method: "POST",
      headers: { ...form, authorization: basic("globex", "globex-uat-secret") },
      rawBody: "grant_type=client_credentials&client_id=globex",
    });
    expect(same.status).toBe(200);
  });

  it("answers a throttled client through the route with the spec's 429 body", async () => {
    const headers = { ...form, authorization: basic("acme", "wrong"), "x-forwarded-for": "192.0.2.99" };
    let last = await call(issueToken, "/v1/oauth/token", { method: "POST", headers, rawBody: "grant_type=client_credentials" });
    for (let i = 0; i < 40 && last.status === 401; i++) {
      last = await call(issueToken, "/v1/oauth/token", { method: "POST", headers, rawBody: "grant_type=client_credentials" });
    }
    expect(last.status).toBe(429);
    expectErrorBody(last.body, 429, "RATE_LIMITED");
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
