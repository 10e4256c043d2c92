import { describe, expect, it } from "vitest";
import { GET as getAccount } from "@/app/v1/accounts/[accountNumber]/route";
import { GET as jwks } from "@/app/v1/.well-known/jwks.json/route";
import { POST as issueToken } from "@/app/v1/oauth/token/route";
import { GET as systemTime } from "@/app/v1/system/time/route";
import { GET as healthz } from "@/app/healthz/route";
import { GET as unknownPath } from "@/app/v1/[...path]/route";
import { getRuntime } from "@/lib/server/entry/runtime";
import { call, expectErrorBody, tokenFor } from "@/tests/api";

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;
const form = { "content-type": "application/x-www-form-urlencoded" };

async function accountWith(token: string, headers: Record<string, string> = {}) {
  return call(getAccount, "/v1/accounts/1000123456", { token, headers, params: { accountNumber: "1000123456" } });
}

describe("POST /v1/oauth/token", () => {
  it("issues a bearer token for HTTP Basic credentials that the API accepts", async () => {
    const res = await call<{ access_token: string; token_type: string; expires_in: number; scope: string }>(issueToken, "/v1/oauth/token", {
      method: "POST",
      headers: { ...form, authorization: basic("acme", "acme-uat-secret") },
      rawBody: "grant_type=client_credentials",
    });
    expect(res.status).toBe(200);
    expect(res.body.token_type).toBe("Bearer");
    expect(res.body.expires_in).toBe(3600);
    expect(res.body.scope.split(" ")).toContain("payment-ach");
    expect((await accountWith(res.body.access_token)).status).toBe(200);
  });

  it("accepts credentials as form fields and as JSON, and narrows to a requested scope", async () => {
    const viaForm = await call<{ scope: string; access_token: string }>(issueToken, "/v1/oauth/token", {
      method: "POST",
      headers: form,
      rawBody: "grant_type=client_credentials&client_id=globex&client_secret=globex-uat-secret&scope=get-account",
    });
    expect(viaForm.status).toBe(200);
    expect(viaForm.body.scope).toBe("get-account");
    const viaJson = await call(issueToken, "/v1/oauth/token", {
      body: { grant_type: "client_credentials", client_id: "globex", client_secret: "globex-uat-secret" },
    });
    expect(viaJson.status).toBe(200);
  });

  it("answers RFC 6749 errors", async () => {
    const cases: Array<[string, Record<string, string>, number, string]> = [
      ["grant_type=client_credentials", { authorization: basic("acme", "wrong") }, 401, "invalid_client"],
      ["grant_type=client_credentials", { authorization: basic("nobody", "x") }, 401, "invalid_client"],
      ["grant_type=client_credentials", {}, 401, "invalid_client"],
      ["grant_type=password", { authorization: basic("acme", "acme-uat-secret") }, 400, "unsupported_grant_type"],
      ["", { authorization: basic("acme", "acme-uat-secret") }, 400, "invalid_request"],
      ["grant_type=client_credentials&scope=get-account%20root", { authorization: basic("acme", "acme-uat-secret") }, 400, "invalid_scope"],
    ];
    for (const [body, headers, status, error] of cases) {
      const res = await call(issueToken, "/v1/oauth/token", { method: "POST", headers: { ...form, ...headers }, rawBody: body });
      expect(res.status, `${body} ${JSON.stringify(headers)}`).toBe(status);
      expect(res.body.error).toBe(error);
      expect(typeof res.body.error_description).toBe("string");
    }
  });
});

describe("the request pipeline", () => {
  it("answers 401 without a token, with a malformed one, and with a forged one", async () => {
    for (const headers of [{}, { authorization: "Bearer nope" }, { authorization: "Token abc" }] as Record<string, string>[]) {
      const res = await call(getAccount, "/v1/accounts/1000123456", { headers, params: { accountNumber: "1000123456" } });
      expect(res.status).toBe(401);
      expectErrorBody(res.body, 401, "UNAUTHORIZED");
    }
  });

  it("answers 403 IP_NOT_ALLOWED outside the client's allow-list and serves inside it", async () => {
    const { db } = await getRuntime();
    await db.query("UPDATE clients SET ip_allow_list = '{10.1.0.0/16}' WHERE client_id = 'globex'");
    const token = await tokenFor("globex");
    const call3 = (ip: string) =>
      call(getAccount, "/v1/accounts/3000456001", { token, headers: { "x-forwarded-for": ip }, params: { accountNumber: "3000456001" } });
    const outside = await call3("192.0.2.7");
    expect(outside.status).toBe(403);
    expectErrorBody(outside.body, 403, "IP_NOT_ALLOWED");
    expect((await call3("10.1.2.3")).status).toBe(200);
    await db.query("UPDATE clients SET ip_allow_list = '{}' WHERE client_id = 'globex'");
  });

  it("echoes a safe X-Correlation-Id and replaces an unsafe one", async () => {
    const token = await tokenFor("acme");
    expect((await accountWith(token, { "x-correlation-id": "abc-123" })).headers.get("x-correlation-id")).toBe("abc-123");
    const replaced = await accountWith(token, { "x-correlation-id": "<script>" });
    expect(replaced.headers.get("x-correlation-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("refuses bodies over 1 MiB with 413 and non-JSON bodies with 415", async () => {
    const big = await call(issueToken, "/v1/oauth/token", { method: "POST", headers: form, rawBody: "a=" + "x".repeat(1024 * 1024 + 1) });
    expect(big.status).toBe(413);
    expectErrorBody(big.body, 413, "PAYLOAD_TOO_LARGE");
    const plain = await call(issueToken, "/v1/oauth/token", { method: "POST", headers: { "content-type": "text/plain" }, rawBody: "hello" });
    expect(plain.status).toBe(415);
    expectErrorBody(plain.body, 415, "UNSUPPORTED_MEDIA_TYPE");
    const badJson = await call(issueToken, "/v1/oauth/token", { method: "POST", headers: { "content-type": "application/json" }, rawBody: "{nope" });
    expect(badJson.status).toBe(400);
    expectErrorBody(badJson.body, 400, "VALIDATION_ERROR");
  });

  it("negotiates Accept with q-values and answers 406 for what it cannot give", async () => {
    const token = await tokenFor("acme");
    const csv = await accountWith(token, { accept: "application/json;q=0.5, text/csv" });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const xml = await accountWith(token, { accept: "application/xml" });
    expect(xml.status).toBe(406);
    expectErrorBody(xml.body, 406, "NOT_ACCEPTABLE");
  });

  it("answers unknown API paths with the error body", async () => {
    const res = await call(unknownPath, "/v1/nothing/here");
    expect(res.status).toBe(404);
    expectErrorBody(res.body, 404, "NOT_FOUND");
  });
});

describe("system endpoints", () => {
  it("GET /v1/system/time gives Bermuda time with its zone name, JSON only", async () => {
    const token = await tokenFor("initech", []);
    const res = await call<{ timestamp: string; timeZone: string }>(systemTime, "/v1/system/time", { token });
    expect(res.status).toBe(200);
    expect(res.body.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}-0[34]:00$/);
    expect(res.body.timeZone).toBe(res.body.timestamp.endsWith("-03:00") ? "Atlantic Daylight Time" : "Atlantic Standard Time");
    expect(Math.abs(Date.parse(res.body.timestamp) - Date.now())).toBeLessThan(5000);
    const csv = await call(systemTime, "/v1/system/time", { token, headers: { accept: "text/csv" } });
    expect(csv.status).toBe(406);
    expect((await call(systemTime, "/v1/system/time")).status).toBe(401);
  });

  it("GET /v1/.well-known/jwks.json publishes the public key only", async () => {
    const res = await call<{ keys: Array<Record<string, string>> }>(jwks, "/v1/.well-known/jwks.json");
    expect(res.status).toBe(200);
    const [key] = res.body.keys;
    expect(key).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig" });
    expect(key!.kid).toBeTruthy();
    expect(key!.d).toBeUndefined();
    expect(key!.p).toBeUndefined();
  });

  it("GET /healthz answers ok when the database answers", async () => {
    const res = await healthz();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });
});
