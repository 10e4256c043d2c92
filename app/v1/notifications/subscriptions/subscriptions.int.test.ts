import { describe, expect, it } from "vitest";
import { DELETE as deleteSubscription, GET as getSubscription } from "@/app/v1/notifications/subscriptions/[subscriptionId]/route";
import { GET as listSubscriptions, POST as createSubscription } from "@/app/v1/notifications/subscriptions/route";
import { GET as listDeliveries } from "@/app/v1/notifications/subscriptions/[subscriptionId]/deliveries/route";
import { GET as getSigningSecret } from "@/app/v1/notifications/signing-secret/route";
import { POST as rotateSigningSecret } from "@/app/v1/notifications/signing-secret/rotate/route";
import { getRuntime } from "@/lib/server/entry/runtime";
import { call, expectErrorBody, tokenFor } from "@/tests/api";

type Subscription = {
  subscriptionId: string;
  topic: string;
  webhookUrl: string;
  isActive: boolean;
  createdUtc: string;
  updatedUtc: string;
  customHeaders: Record<string, string>;
};

const URL_OK = "http://127.0.0.1:9/hook";

async function create(client: string, body: unknown) {
  return call<Subscription & Record<string, unknown>>(createSubscription, "/v1/notifications/subscriptions", { token: await tokenFor(client), body });
}

describe("POST /v1/notifications/subscriptions", () => {
  it("creates an active subscription with every spec §2.10 field and an audit row", async () => {
    const res = await create("acme", { topic: "Deposits", callbackUrl: URL_OK, customHeaders: { "X-Erp-Tenant": "7" } });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(["createdUtc", "customHeaders", "isActive", "subscriptionId", "topic", "updatedUtc", "webhookUrl"]);
    expect(res.body).toMatchObject({ topic: "Deposits", webhookUrl: URL_OK, isActive: true, customHeaders: { "X-Erp-Tenant": "****" } });
    expect(res.body.subscriptionId).toMatch(/^[0-9a-f-]{36}$/);
    const { db } = await getRuntime();
    const audit = await db.query("SELECT action, data FROM audit_log WHERE client_id = 'acme' AND entity_id = $1", [res.body.subscriptionId]);
    expect(audit.rows).toEqual([{ action: "subscription.created", data: expect.objectContaining({ customHeaderNames: ["X-Erp-Tenant"] }) }]);
    expect(JSON.stringify(audit.rows)).not.toContain('"7"');
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["an unknown topic", { topic: "Payments", callbackUrl: URL_OK }, "topic"],
    ["a missing callbackUrl", { topic: "Deposits" }, "callbackUrl"],
    ["a relative URL", { topic: "Deposits", callbackUrl: "/hook" }, "callbackUrl"],
    ["an ftp URL", { topic: "Deposits", callbackUrl: "ftp://127.0.0.1/x" }, "callbackUrl"],
    ["a file URL", { topic: "Deposits", callbackUrl: "file:///etc/passwd" }, "callbackUrl"],
    ["credentials in the URL", { topic: "Deposits", callbackUrl: "https://u:p@127.0.0.1/x" }, "callbackUrl"],
    ["a 2049-character URL", { topic: "Deposits", callbackUrl: `https://127.0.0.1/${"a".repeat(2031)}` }, "callbackUrl"],
    [
      "11 custom headers",
      { topic: "Deposits", callbackUrl: URL_OK, customHeaders: Object.fromEntries([...Array(11)].map((_, i) => [`X-H${i}`, "v"])) },
      "customHeaders",
    ],
    ["a 51-character header name", { topic: "Deposits", callbackUrl: URL_OK, customHeaders: { ["X".repeat(51)]: "v" } }, `customHeaders.${"X".repeat(51)}`],
    ["a 501-character header value", { topic: "Deposits", callbackUrl: URL_OK, customHeaders: { "X-A": "v".repeat(501) } }, "customHeaders.X-A"],
    ["a Host header", { topic: "Deposits", callbackUrl: URL_OK, customHeaders: { host: "evil" } }, "customHeaders.host"],
    ["a Content-Type header", { topic: "Deposits", callbackUrl: URL_OK, customHeaders: { "Content-Type": "text/plain" } }, "customHeaders.Content-Type"],
    ["a Content-Length header", { topic: "Deposits", callbackUrl: URL_OK, customHeaders: { "content-length": "1" } }, "customHeaders.content-length"],
    ["an Authorization header", { topic: "Deposits", callbackUrl: URL_OK, customHeaders: { Authorization: "Bearer x" } }, "customHeaders.Authorization"],
    ["an Svc-* header", { topic: "Deposits", callbackUrl: URL_OK, customHeaders: { "svc-signature": "x" } }, "customHeaders.svc-signature"],
    [
      "a Transfer-Encoding header",
      { topic: "Deposits", callbackUrl: URL_OK, customHeaders: { "Transfer-Encoding": "chunked" } },
      "customHeaders.Transfer-Encoding",
    ],
    ["a header value with CRLF", { topic: "Deposits", callbackUrl: URL_OK, customHeaders: { "X-A": "a\r\nHost: evil" } }, "customHeaders.X-A"],
    ["a non-string header value", { topic: "Deposits", callbackUrl: URL_OK, customHeaders: { "X-A": 1 } }, "customHeaders.X-A"],
    ["an unknown member", { topic: "Deposits", callbackUrl: URL_OK, extra: true }, ""],
  ])("rejects %s with 400", async (_name, body, field) => {
    const res = await create("acme", body);
    expect(res.status).toBe(400);
    expectErrorBody(res.body, 400, "VALIDATION_ERROR");
    if (field) expect(res.body.field).toBe(field);
  });

  it("accepts 10 headers of maximal size", async () => {
    const customHeaders = Object.fromEntries([...Array(10)].map((_, i) => [`X-${String(i).padStart(48, "h")}`, "v".repeat(500)]));
    const res = await create("acme", { topic: "Deposits", callbackUrl: URL_OK, customHeaders });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body.customHeaders)).toHaveLength(10);
  });

  it("needs the receive-notifications permission", async () => {
    const res = await call(createSubscription, "/v1/notifications/subscriptions", {
      token: await tokenFor("acme", ["get-account"]),
      body: { topic: "Deposits", callbackUrl: URL_OK },
    });
    expectErrorBody(res.body, 403, "FORBIDDEN");
  });
});

describe("reading and deleting subscriptions", () => {
  it("lists only the caller's own, active and inactive, newest first, with pagination and CSV", async () => {
    const initech = await tokenFor("initech");
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create("initech", { topic: "Deposits", callbackUrl: `${URL_OK}/${i}` })).body.subscriptionId);
    await create("globex", { topic: "Deposits", callbackUrl: URL_OK });
    await call(deleteSubscription, `/v1/notifications/subscriptions/${ids[0]}`, { method: "DELETE", token: initech, params: { subscriptionId: ids[0]! } });

    const page1 = await call<{ meta: { pagination: Record<string, unknown> }; data: Subscription[] }>(
      listSubscriptions,
      "/v1/notifications/subscriptions?pageSize=2",
      { token: initech },
    );
    expect(page1.status).toBe(200);
    expect(page1.body.meta.pagination).toMatchObject({ page_start: 1, page_size: 2, total_size: 3 });
    const token = page1.body.meta.pagination.page_token as string;
    const page2 = await call<typeof page1.body>(listSubscriptions, `/v1/notifications/subscriptions?pageStart=2&pageToken=${token}`, { token: initech });
    const all = [...page1.body.data, ...page2.body.data];
    expect(all.map((s) => s.subscriptionId)).toEqual([...ids].reverse());
    expect(all.map((s) => s.isActive)).toEqual([true, true, false]);

    const csv = await call(listSubscriptions, "/v1/notifications/subscriptions?pageSize=1", { token: initech, headers: { accept: "text/csv" } });
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.text.split("\r\n")[0]).toContain("data_0_webhook_url");

    const tooBig = await call(listSubscriptions, "/v1/notifications/subscriptions?pageSize=501", { token: initech });
    expectErrorBody(tooBig.body, 400, "VALIDATION_ERROR");
  });

  it("answers another client's id exactly as an unknown one, and a malformed id with 400", async () => {
    const mine = await create("acme", { topic: "Deposits", callbackUrl: URL_OK });
    const id = mine.body.subscriptionId;
    const globex = await tokenFor("globex");
    const foreign = await call(getSubscription, `/v1/notifications/subscriptions/${id}`, { token: globex, params: { subscriptionId: id } });
    const unknownId = "00000000-0000-4000-8000-000000000000";
    const unknown = await call(getSubscription, `/v1/notifications/subscriptions/${unknownId}`, { token: globex, params: { subscriptionId: unknownId } });
    expectErrorBody(foreign.body, 404, "SUBSCRIPTION_NOT_FOUND");
    const strip = (b: Record<string, unknown>) => ({ ...b, correlationId: null, message: String(b.message).replace(/[0-9a-f-]{36}/, "ID") });
    expect(strip(foreign.body)).toEqual(strip(unknown.body));
    const foreignDelete = await call(deleteSubscription, `/v1/notifications/subscriptions/${id}`, {
      method: "DELETE",
      token: globex,
      params: { subscriptionId: id },
    });
    expectErrorBody(foreignDelete.body, 404, "SUBSCRIPTION_NOT_FOUND");
    const stillActive = await call<Subscription>(getSubscription, "/x", { token: await tokenFor("acme"), params: { subscriptionId: id } });
    expect(stillActive.body.isActive).toBe(true);

    const foreignDeliveries = await call(listDeliveries, "/x", { token: globex, params: { subscriptionId: id } });
    expectErrorBody(foreignDeliveries.body, 404, "SUBSCRIPTION_NOT_FOUND");

    const malformed = await call(getSubscription, "/v1/notifications/subscriptions/not-a-uuid", { token: globex, params: { subscriptionId: "not-a-uuid" } });
    expectErrorBody(malformed.body, 400, "VALIDATION_ERROR");
    expect(malformed.body.field).toBe("subscriptionId");
  });

  it("soft-deletes idempotently: isActive false, updatedUtc moves once, the record stays, one audit row", async () => {
    const token = await tokenFor("acme");
    const created = await create("acme", { topic: "Deposits", callbackUrl: URL_OK });
    const id = created.body.subscriptionId;
    const first = await call<Subscription>(deleteSubscription, "/x", { method: "DELETE", token, params: { subscriptionId: id } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ subscriptionId: id, isActive: false, createdUtc: created.body.createdUtc });
    expect(Date.parse(first.body.updatedUtc)).toBeGreaterThan(Date.parse(created.body.updatedUtc));
    const second = await call<Subscription>(deleteSubscription, "/x", { method: "DELETE", token, params: { subscriptionId: id } });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const fetched = await call<Subscription>(getSubscription, "/x", { token, params: { subscriptionId: id } });
    expect(fetched.body).toEqual(first.body);
    const { db } = await getRuntime();
    const audit = await db.query("SELECT action FROM audit_log WHERE client_id = 'acme' AND entity_id = $1 ORDER BY audit_id", [id]);
    expect(audit.rows.map((r) => r.action)).toEqual(["subscription.created", "subscription.deleted"]);
  });
});

describe("signing secret", () => {
  it("shows HMAC clients their secret and RSA clients null", async () => {
    const globex = await call(getSigningSecret, "/v1/notifications/signing-secret", { token: await tokenFor("globex") });
    expect(globex.body).toEqual({ algorithm: "HMAC-SHA256", secret: expect.stringMatching(/^whsec_/) });
    const acme = await call(getSigningSecret, "/v1/notifications/signing-secret", { token: await tokenFor("acme") });
    expect(acme.body).toEqual({ algorithm: "RSA-PSS-SHA256", secret: null });
  });

  it("rotates an HMAC secret with a 24 h overlap and an audit row without the secret; RSA clients get 400", async () => {
    const token = await tokenFor("initech");
    const before = await call<{ secret: string }>(getSigningSecret, "/x", { token });
    const rotated = await call<{ secret: string; previousSecretValidUntil: string; algorithm: string }>(
      rotateSigningSecret,
      "/v1/notifications/signing-secret/rotate",
      {
        method: "POST",
        token,
      },
    );
    expect(rotated.status).toBe(200);
    expect(rotated.body.algorithm).toBe("HMAC-SHA256");
    expect(rotated.body.secret).not.toBe(before.body.secret);
    const overlap = Date.parse(rotated.body.previousSecretValidUntil) - Date.now();
    expect(overlap).toBeGreaterThan(23.9 * 3600_000);
    expect(overlap).toBeLessThan(24.1 * 3600_000);
    const after = await call<{ secret: string }>(getSigningSecret, "/x", { token });
    expect(after.body.secret).toBe(rotated.body.secret);
    const { db } = await getRuntime();
    const audit = await db.query("SELECT action, data::text AS data FROM audit_log WHERE client_id = 'initech' AND action = 'signing_secret.rotated'");
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0].data).not.toContain(rotated.body.secret);
    expect(audit.rows[0].data).not.toContain(before.body.secret);

    const rsa = await call(rotateSigningSecret, "/x", { method: "POST", token: await tokenFor("acme") });
    expectErrorBody(rsa.body, 400, "VALIDATION_ERROR");
  });
});

describe("Idempotency-Key on subscriptions", () => {
  it("replays the first create instead of making a duplicate, and the same key replays a delete", async () => {
    const token = await tokenFor("globex");
    const key = "6d1f4a52-3c1e-4b7a-9a55-0d2b8c7e1f00";
    const body = { topic: "Deposits", callbackUrl: `${URL_OK}/idem` };
    const first = await call<Subscription>(createSubscription, "/v1/notifications/subscriptions", { token, body, headers: { "idempotency-key": key } });
    const again = await call<Subscription>(createSubscription, "/v1/notifications/subscriptions", { token, body, headers: { "idempotency-key": key } });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    const { db } = await getRuntime();
    const count = await db.query("SELECT count(*)::int AS n FROM webhook_subscriptions WHERE client_id = 'globex' AND webhook_url = $1", [body.callbackUrl]);
    expect(count.rows[0].n).toBe(1);

    const id = first.body.subscriptionId;
    const deleteKey = "0a4c6a1e-2f52-4e0b-8d3c-9b6f1e2d3c4b";
    const del = () =>
      call<Subscription>(deleteSubscription, `/v1/notifications/subscriptions/${id}`, {
        method: "DELETE",
        token,
        params: { subscriptionId: id },
        headers: { "idempotency-key": deleteKey },
      });
    const d1 = await del();
    const d2 = await del();
    expect(d1.status).toBe(200);
    expect(d2.body).toEqual(d1.body);
    expect(d2.headers.get("idempotent-replayed")).toBe("true");

    const bad = await call(createSubscription, "/v1/notifications/subscriptions", { token, body, headers: { "idempotency-key": "nope" } });
    expectErrorBody(bad.body, 400, "INVALID_IDEMPOTENCY_KEY");
  });
});
