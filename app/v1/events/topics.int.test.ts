import { randomUUID, type JsonWebKey } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getJwks } from "@/app/v1/.well-known/jwks.json/route";
import { POST as createSubscription } from "@/app/v1/notifications/subscriptions/route";
import { POST as createDeposit } from "@/app/v1/sandbox/deposits/route";
import { POST as forceStatus } from "@/app/v1/sandbox/payments/[paymentId]/status/route";
import { POST as createDraftRoute } from "@/app/v1/approvals/drafts/route";
import { POST as approveRoute } from "@/app/v1/approvals/drafts/[draftId]/approve/route";
import { POST as createVirtualAccounts } from "@/app/v1/virtual-accounts/route";
import { GET as listEvents } from "@/app/v1/events/route";
import { createWebhookVerifier } from "@/sdk/webhooks";
import { allocatedV1, drainWorker } from "@/lib/server/entry/jobs/testing";
import { EVENT_TOPICS, notificationSchemaOf, type TEventPage, type TEventTopic } from "@/lib/contract/events/schema";
import { call, expectErrorBody, tokenFor } from "@/tests/api";
import { ACME_USD, achBody, postAch } from "@/tests/payments";
import { approvalTeam } from "@/tests/approvals";
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

const bodiesAt = (topic: TEventTopic) => receiver.received.filter((r) => r.path === `/t/${topic}`).map((r) => JSON.parse(r.body.toString()));
const events = (query = "", accept?: string) => call<TEventPage>(listEvents, `/v1/events${query}`, { token, headers: accept ? { accept } : {} });

describe("every topic is delivered, signed, to its subscriptions and listed by GET /v1/events", () => {
  it("raises Deposits, PaymentStatusChanged, ApprovalRequested, ApprovalDecided and JobCompleted, each signed rsa-v1", async () => {
    for (const topic of EVENT_TOPICS) {
      const res = await call(createSubscription, "/v1/notifications/subscriptions", { token, body: { topic, callbackUrl: receiver.url(`/t/${topic}`) } });
      expect(res.status).toBe(201);
    }
    // Deposits
    expect((await call(createDeposit, "/v1/sandbox/deposits", { token, body: { accountNumber: ACME_USD, amount: "12.00", currency: "USD" } })).status).toBe(
      201,
    );
    // PaymentStatusChanged: a sandbox move
    const paid = await postAch(achBody({ instructionIdentification: "EVT-1" }));
    const paymentId = paid.body.id as string;
    const forced = await call(forceStatus, "/x", { token, params: { paymentId }, body: { status: "Completed" } });
    expect(forced.status).toBe(200);
    // ApprovalRequested and ApprovalDecided
    const { treasurer, approver } = await approvalTeam([{ rail: "ACH", currency: "USD", threshold: "1000.00", approvers: 1 }]);
    const drafted = await call<{ draft: { draftId: string } }>(createDraftRoute, "/v1/approvals/drafts", {
      token: treasurer,
      headers: { "idempotency-key": randomUUID() },
      body: { rail: "ACH", request: achBody({ instructedAmount: { amount: "1500.00", currency: "USD" } }) },
    });
    expect(drafted.status).toBe(201);
    const draftId = drafted.body.draft.draftId;
    expect((await call(approveRoute, "/x", { token: approver, body: { comment: "ok" }, params: { draftId } })).status).toBe(200);
    // JobCompleted
    expect((await call(createVirtualAccounts, "/v1/virtual-accounts", { token, body: { items: [allocatedV1(1)] } })).status).toBe(202);
    await drainWorker();
    await drainWorker();

    const jwks = await call<{ keys: JsonWebKey[] }>(getJwks, "/v1/.well-known/jwks.json");
    const verify = createWebhookVerifier({ mode: "rsa", publicKeys: jwks.body.keys });
    for (const topic of EVENT_TOPICS.filter((t) => t !== "PaymentReturned")) {
      const got = receiver.received.filter((r) => r.path === `/t/${topic}`);
      expect(got.length, topic).toBeGreaterThan(0);
      for (const message of got) {
        expect(verify({ path: message.path, headers: message.headers, body: message.body }), topic).toMatchObject({ ok: true });
        notificationSchemaOf(topic).parse(JSON.parse(message.body.toString()));
      }
    }
    expect(bodiesAt("Deposits")[0]).toMatchObject({ topic: "Deposits", accountNumber: ACME_USD, value: { amount: "12.00", currency: "USD" } });
    expect(bodiesAt("Deposits")[0]).not.toHaveProperty("eventId");
    const moves = bodiesAt("PaymentStatusChanged").map((b) => b.data);
    expect(moves).toContainEqual(expect.objectContaining({ paymentId, rail: "ACH", from: "Pending", to: "Completed", instructionIdentification: "EVT-1" }));
    expect(bodiesAt("ApprovalRequested")[0].data).toMatchObject({
      draftId,
      rail: "ACH",
      amount: { amount: "1500.00", currency: "USD" },
      maker: { email: "treasurer@acme.test" },
    });
    const decided = bodiesAt("ApprovalDecided")[0].data;
    expect(decided).toMatchObject({ draftId, decision: "Approved", decidedBy: { email: "approver@acme.test" }, comment: "ok", status: "Submitted" });
    expect(decided.paymentId).toEqual(expect.any(String));
    expect(bodiesAt("JobCompleted")[0].data).toMatchObject({ kind: "VirtualAccounts", status: "Completed", totalItems: 1, succeededItems: 1 });

    // The same events, listed oldest first; a webhook's eventId is the listed one.
    const listed = await events("?pageSize=500");
    expect(listed.status).toBe(200);
    const ids = listed.body.data.map((e) => e.eventId);
    expect(ids).toContain(bodiesAt("ApprovalDecided")[0].eventId);
    expect(listed.body.data.map((e) => e.topic)).toEqual(
      expect.arrayContaining(["Deposits", "PaymentStatusChanged", "ApprovalRequested", "ApprovalDecided", "JobCompleted"]),
    );
    const occurred = listed.body.data.map((e) => e.occurredAt);
    expect([...occurred].sort()).toEqual(occurred);
    const onlyJobs = await events("?topic=JobCompleted");
    expect(onlyJobs.body.data.every((e) => e.topic === "JobCompleted")).toBe(true);
    expect(onlyJobs.body.data).toHaveLength(1);
  });

  it("pages with after and pageSize, answers CSV by Accept, and refuses an unknown after or topic", async () => {
    const all = (await events("?pageSize=500")).body.data.map((e) => e.eventId);
    expect(all.length).toBeGreaterThan(3);
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page: { body: TEventPage } = await events(`?pageSize=2${after ? `&after=${after}` : ""}`);
      seen.push(...page.body.data.map((e) => e.eventId));
      after = page.body.meta.next;
      if (!page.body.meta.hasMore) break;
    }
    expect(seen).toEqual(all);
    expect((await events(`?after=${all.at(-1)}`)).body).toEqual({ data: [], meta: { hasMore: false, next: all.at(-1) } });
    const csv = await events("?pageSize=1", "text/csv");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.text.split("\r\n")[0]).toContain("data_0_event_id");
    expectErrorBody((await events(`?after=${randomUUID()}`)).body as never, 400, "VALIDATION_ERROR");
    expectErrorBody((await events("?topic=Payments")).body as never, 400, "VALIDATION_ERROR");
    // Another client's event is as unknown as a made-up one.
    const globex = await call<TEventPage>(listEvents, `/v1/events?after=${all[0]}`, { token: await tokenFor("globex") });
    expectErrorBody(globex.body as never, 400, "VALIDATION_ERROR");
  });
});
