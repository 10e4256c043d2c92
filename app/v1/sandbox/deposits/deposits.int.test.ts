import { constants, createHmac, createPublicKey, verify, type JsonWebKey } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as getJwks } from "@/app/v1/.well-known/jwks.json/route";
import { POST as retryDelivery } from "@/app/v1/notifications/deliveries/[deliveryId]/retry/route";
import { DELETE as deleteSubscription } from "@/app/v1/notifications/subscriptions/[subscriptionId]/route";
import { GET as listDeliveries } from "@/app/v1/notifications/subscriptions/[subscriptionId]/deliveries/route";
import { POST as createSubscription } from "@/app/v1/notifications/subscriptions/route";
import { GET as getSigningSecret } from "@/app/v1/notifications/signing-secret/route";
import { POST as createDeposit } from "@/app/v1/sandbox/deposits/route";
import { withTransaction } from "@/lib/server/core/db/transaction";
import { DELIVERY_TASK } from "@/lib/server/domain/delivery/task";
import { createWebhookVerifier } from "@/sdk/webhooks";
import { Worker } from "@/lib/server/core/jobs/worker";
import { getRuntime } from "@/lib/server/entry/runtime";
import { call, expectErrorBody, tokenFor } from "@/tests/api";
import { startReceiver, type Receiver } from "@/tests/webhook-receiver";

// Read once by getConfig(), which nothing has called yet: retries in milliseconds.
process.env.WEBHOOK_RETRY_SCALE = "0.00001";

type Attempt = {
  deliveryId: string;
  attemptNumber: number;
  statusCode: number | null;
  succeeded: boolean;
  deliveryStatus: string;
  error: string | null;
  transactionId: string;
};

let receiver: Receiver;
let worker: Worker;
beforeAll(async () => {
  receiver = await startReceiver();
  worker = new Worker(await getRuntime(), [DELIVERY_TASK]);
});
afterAll(async () => {
  await receiver.close();
});

async function subscribe(client: string, url: string, customHeaders: Record<string, string> = {}): Promise<string> {
  const res = await call<{ subscriptionId: string }>(createSubscription, "/v1/notifications/subscriptions", {
    token: await tokenFor(client),
    body: { topic: "Deposits", callbackUrl: url, customHeaders },
  });
  expect(res.status).toBe(201);
  return res.body.subscriptionId;
}

async function deposit(client: string, accountNumber: string, amount: string | number = "125.50", currency = "USD") {
  return call<Record<string, unknown> & { transactionId: string }>(createDeposit, "/v1/sandbox/deposits", {
    token: await tokenFor(client),
    body: { accountNumber, amount, currency, transactionType: "ACH", transactionDetails: "Invoice 42" },
  });
}

/** Runs the worker until no delivery of the client is Pending (retries are due within milliseconds). */
async function settle(clientId: string): Promise<void> {
  const { db } = await getRuntime();
  for (let i = 0; i < 400; i++) {
    await worker.drain();
    const { rows } = await db.query("SELECT count(*)::int AS n FROM deliveries WHERE client_id = $1 AND status = 'Pending'", [clientId]);
    if (rows[0].n === 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("deliveries did not settle");
}

async function attempts(client: string, subscriptionId: string): Promise<Attempt[]> {
  const res = await call<{ data: Attempt[] }>(listDeliveries, "/x", { token: await tokenFor(client), params: { subscriptionId } });
  expect(res.status).toBe(200);
  return res.body.data;
}

const forUrl = (path: string) => receiver.received.filter((r) => r.path === path);

describe("POST /v1/sandbox/deposits", () => {
  it("credits the account through the ledger and answers 201", async () => {
    const res = await deposit("globex", "3000456001", 10.25);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      transactionId: expect.stringMatching(/^DEP-/),
      accountNumber: "3000456001",
      amount: "10.25",
      currency: "USD",
      type: "Credit",
      availableBalance: { currency: "USD", amount: "98010.25" },
    });
  });

  it.each<[string, Record<string, unknown>, number, string]>([
    ["another client's account", { accountNumber: "1000123456", amount: "1.00", currency: "USD" }, 404, "ACCOUNT_NOT_FOUND"],
    ["a currency mismatch", { accountNumber: "3000456001", amount: "1.00", currency: "BMD" }, 400, "VALIDATION_ERROR"],
    ["too many decimals", { accountNumber: "3000456001", amount: "1.001", currency: "USD" }, 400, "VALIDATION_ERROR"],
    ["a zero amount", { accountNumber: "3000456001", amount: "0", currency: "USD" }, 400, "VALIDATION_ERROR"],
    ["a negative amount", { accountNumber: "3000456001", amount: "-5", currency: "USD" }, 400, "VALIDATION_ERROR"],
  ])("refuses %s", async (_name, body, status, code) => {
    const res = await call(createDeposit, "/v1/sandbox/deposits", { token: await tokenFor("globex"), body });
    expectErrorBody(res.body, status, code);
  });

  it("credits once per Idempotency-Key", async () => {
    const token = await tokenFor("globex");
    const headers = { "idempotency-key": "3f0b7c2e-9d4a-4c1b-8e5f-6a7b8c9d0e1f" };
    const body = { accountNumber: "3000456002", amount: "3.00", currency: "BMD" };
    const first = await call<{ transactionId: string }>(createDeposit, "/v1/sandbox/deposits", { token, body, headers });
    const again = await call<{ transactionId: string }>(createDeposit, "/v1/sandbox/deposits", { token, body, headers });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.transactionId).toBe(first.body.transactionId);
    const { db } = await getRuntime();
    const { rows } = await db.query("SELECT count(*)::int AS n FROM ledger_postings WHERE client_id = 'globex' AND account_id IS NOT NULL AND reference = $1", [
      first.body.transactionId,
    ]);
    expect(rows[0].n).toBe(1);
  });

  it("refuses an INACTIVE account and needs the sandbox permission", async () => {
    expectErrorBody((await deposit("acme", "1000123458")).body, 400, "VALIDATION_ERROR");
    const res = await call(createDeposit, "/v1/sandbox/deposits", {
      token: await tokenFor("acme", ["receive-notifications"]),
      body: { accountNumber: "1000123456", amount: "1", currency: "USD" },
    });
    expectErrorBody(res.body, 403, "FORBIDDEN");
  });
});

describe("deposit webhooks", () => {
  // Each test counts its own fan-out: earlier tests' subscriptions stop matching.
  beforeEach(async () => {
    const { db } = await getRuntime();
    await db.query("UPDATE webhook_subscriptions SET is_active = false");
  });

  it("fans out to every active subscription of the owner only, with the spec §6.1 body and custom headers", async () => {
    const a = await subscribe("globex", receiver.url("/fan/a"), { "X-Erp-Tenant": "globex-7" });
    const b = await subscribe("globex", receiver.url("/fan/b?q=1"));
    await subscribe("acme", receiver.url("/fan/acme"));
    const res = await deposit("globex", "3000456001", "125.50");
    expect(res.body.notificationsQueued).toBe(2);
    await settle("globex");
    const [toA] = forUrl("/fan/a");
    const [toB] = forUrl("/fan/b?q=1");
    expect(forUrl("/fan/acme")).toHaveLength(0);
    expect(JSON.parse(toA!.body.toString())).toEqual({
      subscriptionId: a,
      topic: "Deposits",
      accountNumber: "3000456001",
      transactionId: res.body.transactionId,
      type: "Credit",
      value: { amount: "125.50", currency: "USD" },
      transactionType: "ACH",
      transactionDetails: "Invoice 42",
    });
    expect(JSON.parse(toB!.body.toString()).subscriptionId).toBe(b);
    expect(toA!.headers["x-erp-tenant"]).toBe("globex-7");
    expect(toA!.headers["content-type"]).toBe("application/json");
    expect(toA!.headers["svc-timestamp"]).toMatch(/^\d{10}$/);
    expect(toA!.headers["svc-nonce"]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(toA!.headers["svc-signature-version"]).toBeUndefined();
    expect((await attempts("globex", a))[0]).toMatchObject({ attemptNumber: 1, statusCode: 200, succeeded: true, deliveryStatus: "Succeeded" });
  });

  it("sends nothing for a deposit whose transaction rolls back", async () => {
    await subscribe("globex", receiver.url("/rollback"));
    const { db } = await getRuntime();
    const { createSandboxDeposit } = await import("@/lib/server/domain/deposits/service");
    await withTransaction(db, async (tx) => {
      await createSandboxDeposit(tx, "globex", { accountNumber: "3000456001", amount: "5.00", currency: "USD" });
      throw new Error("abort");
    }).catch(() => {});
    await settle("globex");
    expect(forUrl("/rollback")).toHaveLength(0);
  });

  it("stops matching a deleted subscription while its already-queued delivery still goes out", async () => {
    const token = await tokenFor("globex");
    const id = await subscribe("globex", receiver.url("/deleted"));
    const before = await deposit("globex", "3000456002", "1.00", "BMD");
    await call(deleteSubscription, "/x", { method: "DELETE", token, params: { subscriptionId: id } });
    const after = await deposit("globex", "3000456002", "2.00", "BMD");
    expect(before.body.notificationsQueued).toBe(1);
    expect(after.body.notificationsQueued).toBe(0);
    await settle("globex");
    const ids = forUrl("/deleted").map((r) => JSON.parse(r.body.toString()).transactionId);
    expect(ids).toEqual([before.body.transactionId]);
  });

  it("signs HMAC deliveries so that the project's verifier and plain node:crypto both accept them", async () => {
    await subscribe("globex", receiver.url("/hmac?x=1&y=2"));
    await deposit("globex", "3000456001");
    await settle("globex");
    const message = forUrl("/hmac?x=1&y=2").at(-1)!;
    const secret = (await call<{ secret: string }>(getSigningSecret, "/x", { token: await tokenFor("globex") })).body.secret;
    const verifier = createWebhookVerifier({ mode: "hmac", secrets: [secret] });
    expect(verifier({ method: "POST", path: message.path, headers: message.headers, body: message.body })).toMatchObject({ ok: true });
    const h = message.headers as Record<string, string>;
    const expected = createHmac("sha256", Buffer.from(secret, "utf8"))
      .update(Buffer.concat([Buffer.from(`${h["svc-timestamp"]}${h["svc-nonce"]}POST/hmac?x=1&y=2`), message.body]))
      .digest("base64");
    expect(h["svc-signature"]).toBe(expected);
    const wrong = createWebhookVerifier({ mode: "hmac", secrets: ["whsec_other"] });
    expect(wrong({ path: message.path, headers: message.headers, body: message.body })).toMatchObject({ ok: false, reason: "BAD_SIGNATURE" });
  });

  it("signs RSA deliveries with RSA-PSS (rsa-v1) verifiable with the published JWKS key", async () => {
    await subscribe("acme", receiver.url("/rsa"));
    await deposit("acme", "1000123456");
    await settle("acme");
    const message = forUrl("/rsa").at(-1)!;
    const h = message.headers as Record<string, string>;
    expect(h["svc-signature-version"]).toBe("rsa-v1");
    const jwks = await call<{ keys: JsonWebKey[] }>(getJwks, "/v1/.well-known/jwks.json");
    const verifier = createWebhookVerifier({ mode: "rsa", publicKeys: jwks.body.keys });
    expect(verifier({ path: message.path, headers: message.headers, body: message.body })).toMatchObject({ ok: true });
    expect(verifier({ path: message.path, headers: message.headers, body: message.body })).toMatchObject({ ok: false, reason: "REPLAYED_NONCE" });
    const key = createPublicKey({ key: jwks.body.keys[0]!, format: "jwk" });
    const data = Buffer.concat([Buffer.from(`${h["svc-timestamp"]}${h["svc-nonce"]}POST/rsa`), message.body]);
    const signature = Buffer.from(h["svc-signature"]!, "base64");
    expect(verify("sha256", data, { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 }, signature)).toBe(true);
    const tampered = Buffer.concat([data, Buffer.from(" ")]);
    expect(verify("sha256", tampered, { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 }, signature)).toBe(false);
  });

  it("retries after a 500 with a fresh nonce and signature, then succeeds", async () => {
    const id = await subscribe("globex", receiver.url("/flaky"));
    receiver.respondOn("/flaky", 500, 503, 200);
    await deposit("globex", "3000456001");
    await settle("globex");
    const got = forUrl("/flaky");
    expect(got).toHaveLength(3);
    expect(new Set(got.map((r) => r.headers["svc-nonce"])).size).toBe(3);
    expect(new Set(got.map((r) => r.body.toString())).size).toBe(1);
    const log = await attempts("globex", id);
    expect(log.map((a) => [a.attemptNumber, a.statusCode, a.succeeded])).toEqual([
      [3, 200, true],
      [2, 503, false],
      [1, 500, false],
    ]);
    expect(log.every((a) => a.deliveryStatus === "Succeeded")).toBe(true);
  });

  it("ends Failed after 8 attempts; a manual retry (owner only) sends it once more", async () => {
    const token = await tokenFor("globex");
    const id = await subscribe("globex", receiver.url("/down"));
    receiver.respondOn("/down", 500);
    await deposit("globex", "3000456001");
    await settle("globex");
    const log = await attempts("globex", id);
    expect(log).toHaveLength(8);
    expect(log[0]).toMatchObject({ attemptNumber: 8, deliveryStatus: "Failed", error: "HTTP 500" });

    const foreignRetry = await call(retryDelivery, "/x", { method: "POST", token: await tokenFor("acme"), params: { deliveryId: log[0]!.deliveryId } });
    expectErrorBody(foreignRetry.body, 404, "NOT_FOUND");

    receiver.respondOn("/down", 200);
    const retried = await call<{ status: string; deliveryId: string }>(retryDelivery, "/x", {
      method: "POST",
      token,
      params: { deliveryId: log[0]!.deliveryId },
    });
    expect(retried.status).toBe(202);
    expect(retried.body).toMatchObject({ status: "Pending", attempts: 8 });
    await settle("globex");
    const after = await attempts("globex", id);
    expect(after[0]).toMatchObject({ attemptNumber: 9, statusCode: 200, succeeded: true, deliveryStatus: "Succeeded" });
    const { db } = await getRuntime();
    const audit = await db.query("SELECT action FROM audit_log WHERE client_id = 'globex' AND entity_id = $1", [log[0]!.deliveryId]);
    expect(audit.rows).toEqual([{ action: "delivery.retried" }]);
    expect(forUrl("/down")).toHaveLength(9);
  });

  it("refuses a manual retry of a delivery that is still pending", async () => {
    const id = await subscribe("globex", receiver.url("/queued"));
    await deposit("globex", "3000456001");
    const { db } = await getRuntime();
    const { rows } = await db.query("SELECT delivery_id FROM deliveries WHERE client_id = 'globex' AND source_id = $1", [id]);
    const res = await call(retryDelivery, "/x", { method: "POST", token: await tokenFor("globex"), params: { deliveryId: rows[0].delivery_id } });
    expectErrorBody(res.body, 409, "INVALID_STATUS_TRANSITION");
    await settle("globex");
  });

  it("does not follow redirects", async () => {
    const target = await startReceiver();
    const redirecting = await startReceiver({ redirectTo: target.url("/landed") });
    try {
      const id = await subscribe("globex", redirecting.url("/r"));
      await deposit("globex", "3000456001");
      await settle("globex");
      expect(target.connections()).toBe(0);
      const log = await attempts("globex", id);
      expect(log[0]).toMatchObject({ statusCode: 302, succeeded: false, error: "HTTP 302", deliveryStatus: "Failed" });
    } finally {
      await target.close();
      await redirecting.close();
    }
  });
});
