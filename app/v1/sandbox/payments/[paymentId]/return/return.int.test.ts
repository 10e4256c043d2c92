import { type JsonWebKey } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getJwks } from "@/app/v1/.well-known/jwks.json/route";
import { POST as createSubscription } from "@/app/v1/notifications/subscriptions/route";
import { POST as forceStatus } from "@/app/v1/sandbox/payments/[paymentId]/status/route";
import { POST as returnRoute } from "@/app/v1/sandbox/payments/[paymentId]/return/route";
import { GET as statusRoute } from "@/app/v1/payments/[paymentId]/status/route";
import { GET as statementRoute } from "@/app/v1/accounts/[accountNumber]/statements/route";
import { GET as listEvents } from "@/app/v1/events/route";
import { drainWorker } from "@/lib/server/entry/jobs/testing";
import { getRuntime } from "@/lib/server/entry/runtime";
import { bankLocalParts } from "@/lib/contract/time/bank-time";
import { notificationSchemaOf, type TEventPage } from "@/lib/contract/events/schema";
import { createWebhookVerifier } from "@/sdk/webhooks";
import { call, expectErrorBody, tokenFor } from "@/tests/api";
import { runOps } from "@/tests/ops";
import { ACME_USD, achBody, balanceMinor, postAch, postSwift, swiftBody } from "@/tests/payments";
import { startReceiver, type Receiver } from "@/tests/webhook-receiver";

let receiver: Receiver;
let token: string;
beforeAll(async () => {
  receiver = await startReceiver();
  token = await tokenFor("acme");
});
afterAll(async () => {
  await receiver.close();
});

async function completed(rail: "ACH" | "SWIFT", instructionIdentification: string): Promise<string> {
  const made = rail === "ACH" ? await postAch(achBody({ instructionIdentification })) : await postSwift(swiftBody({ instructionIdentification }));
  expect(made.status).toBe(201);
  const paymentId = made.body.id as string;
  expect((await call(forceStatus, "/x", { token, params: { paymentId }, body: { status: "Completed" } })).status).toBe(200);
  return paymentId;
}

const returnIt = (paymentId: string, reasonCode: string) =>
  call<Record<string, unknown>>(returnRoute, `/v1/sandbox/payments/${paymentId}/return`, { token, params: { paymentId }, body: { reasonCode } });

async function statement(format: string): Promise<string> {
  const today = bankLocalParts().date;
  const res = await call(statementRoute, `/v1/accounts/${ACME_USD}/statements?fromDate=${today}&toDate=${today}&format=${format}`, {
    token,
    params: { accountNumber: ACME_USD },
  });
  expect(res.status).toBe(200);
  return res.text;
}

describe("payment returns (decisions §11)", () => {
  it("returns a Completed ACH payment with its reason: Reversed, funds and charges back, statement lines, audit, events delivered signed", async () => {
    const sub = await call(createSubscription, "/v1/notifications/subscriptions", {
      token,
      body: { topic: "PaymentReturned", callbackUrl: receiver.url("/returned") },
    });
    expect(sub.status).toBe(201);
    const before = await balanceMinor(ACME_USD);
    const paymentId = await completed("ACH", "RET-ACH-1");
    const res = await returnIt(paymentId, "AC04");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "Reversed", transactionId: paymentId, returnReason: { code: "AC04", description: "Closed account number" } });
    expect(await balanceMinor(ACME_USD)).toBe(before);
    const status = await call(statusRoute, `/v1/payments/${paymentId}/status`, { token, params: { paymentId } });
    expect(status.body).toMatchObject({ status: "Reversed", returnReason: { code: "AC04" } });

    expect(await statement("csv")).toMatch(/AC04 Closed account number/);
    expect(await statement("mt940")).toMatch(/:86:Reversal RTRN AC04 Closed account number/);
    expect(await statement("camt053")).toContain("<RtrInf><Rsn><Cd>AC04</Cd></Rsn><AddtlInf>Closed account number</AddtlInf></RtrInf>");

    const { db } = await getRuntime();
    const audit = await db.query("SELECT actor, data FROM audit_log WHERE client_id = 'acme' AND entity_id = $1 AND action = 'payment.reversed'", [paymentId]);
    expect(audit.rows).toEqual([
      {
        actor: "client:acme",
        data: expect.objectContaining({ from: "Completed", to: "Reversed", returnReason: { code: "AC04", description: "Closed account number" } }),
      },
    ]);

    const events = await call<TEventPage>(listEvents, "/v1/events?pageSize=500", { token });
    const mine = events.body.data.filter((e) => (e.data as { paymentId?: string }).paymentId === paymentId);
    expect(mine.map((e) => e.topic)).toEqual(["PaymentStatusChanged", "PaymentStatusChanged", "PaymentReturned"]);
    expect(mine[1]!.data).toMatchObject({ from: "Completed", to: "Reversed", returnReason: { code: "AC04" } });
    expect(mine[2]!.data).toMatchObject({ returnReason: { code: "AC04" }, creditedBack: { currency: "USD", amount: "100.00" } });

    await drainWorker();
    const delivered = receiver.received.filter((r) => r.path === "/returned");
    expect(delivered).toHaveLength(1);
    const jwks = await call<{ keys: JsonWebKey[] }>(getJwks, "/v1/.well-known/jwks.json");
    const verify = createWebhookVerifier({ mode: "rsa", publicKeys: jwks.body.keys });
    expect(verify({ path: delivered[0]!.path, headers: delivered[0]!.headers, body: delivered[0]!.body })).toMatchObject({ ok: true });
    const body = notificationSchemaOf("PaymentReturned").parse(JSON.parse(delivered[0]!.body.toString())) as { eventId: string };
    expect(body.eventId).toBe(mine[2]!.eventId);
  });

  it("credits a SWIFT return's charge back too, and refuses what is not Completed with 409 and an unknown code with 400", async () => {
    const before = await balanceMinor(ACME_USD);
    const paymentId = await completed("SWIFT", "RET-SWIFT-1");
    expect(await balanceMinor(ACME_USD)).toBeLessThan(before - 50_000n); // principal and the OUR charge
    expect((await returnIt(paymentId, "MS03")).status).toBe(200);
    expect(await balanceMinor(ACME_USD)).toBe(before);
    const again = await returnIt(paymentId, "MS03");
    expect(again.status).toBe(409);
    expectErrorBody(again.body, 409, "INVALID_STATUS_TRANSITION");
    const pending = await postAch(achBody({ instructionIdentification: "RET-PENDING" }));
    const notYet = await returnIt(pending.body.id as string, "AC01");
    expectErrorBody(notYet.body, 409, "INVALID_STATUS_TRANSITION");
    const badCode = await returnIt(pending.body.id as string, "XX99");
    expect(badCode.status).toBe(400);
    expectErrorBody(badCode.body, 400, "VALIDATION_ERROR");
    const unknown = await returnIt("00000000-0000-4000-8000-000000000000", "AC01");
    expectErrorBody(unknown.body, 404, "PAYMENT_NOT_FOUND");
  });

  it("npm run ops -- payment return records a return as the operator, and the ledger still verifies", async () => {
    const paymentId = await completed("ACH", "RET-CLI-1");
    const run = await runOps(["payment", "return", "--id", paymentId, "--reason", "AM05", "--json"]);
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ clientId: "acme", status: "Reversed", returnReason: { code: "AM05", description: "Duplication" } });
    const { db } = await getRuntime();
    const audit = await db.query("SELECT actor FROM audit_log WHERE client_id = 'acme' AND entity_id = $1 AND action = 'payment.reversed'", [paymentId]);
    expect(audit.rows).toEqual([{ actor: "system:test" }]);
    expect((await runOps(["payment", "return", "--id", paymentId, "--reason", "AM05"])).code).toBe(1);
    expect((await runOps(["payment", "return", "--id", "nope", "--reason", "AM05"])).code).toBe(1);
    expect((await runOps(["payment", "return", "--id", paymentId, "--reason", "ZZ01"])).code).toBe(1);
    const verified = await runOps(["ledger", "verify", "--json"]);
    expect(verified.code).toBe(0);
    expect(verified.json).toMatchObject({ ok: true });
  });
});
