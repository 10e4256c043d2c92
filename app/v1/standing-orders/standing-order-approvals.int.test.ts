import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as createRoute } from "@/app/v1/standing-orders/route";
import { GET as getRoute, DELETE as cancelRoute, PATCH as changeRoute } from "@/app/v1/standing-orders/[standingOrderId]/route";
import { POST as createDraftRoute } from "@/app/v1/approvals/drafts/route";
import { GET as getDraftRoute } from "@/app/v1/approvals/drafts/[draftId]/route";
import { POST as approveRoute } from "@/app/v1/approvals/drafts/[draftId]/approve/route";
import { POST as rejectRoute } from "@/app/v1/approvals/drafts/[draftId]/reject/route";
import type { TDraft } from "@/lib/contract/approvals/schema";
import type { TStandingOrder } from "@/lib/contract/standing-orders/schema";
import { getRuntime } from "@/lib/server/entry/runtime";
import { call, expectErrorBody, tokenFor } from "@/tests/api";
import { approvalTeam } from "@/tests/approvals";
import { achBody } from "@/tests/payments";
import { addDays, sweep, weekdayIn } from "@/tests/standing-orders";

/**
 * Changing a standing order and standing orders under dual control (issue 21, docs/scheduling.md "Changing an order"
 * and "Approvals"). acme's policy holds back ACH payments of USD 1,000.00 or more, with one approver. An integration's
 * calls run at once (as its payments do); a person's call the policy holds back is 403, and the portal drafts it.
 * Each test uses its own days, later than the previous test's, because a sweep advances every client's due orders.
 */

type Order = TStandingOrder & Record<string, unknown>;
type Outcome = { draft: TDraft | null; needsApproval: boolean };

let acme: string;
let treasurer: string;
let approver: string;

beforeAll(async () => {
  acme = await tokenFor("acme");
  ({ treasurer, approver } = await approvalTeam([{ rail: "ACH", currency: "USD", threshold: "1000.00", approvers: 1 }]));
});

const weekly = (startDate: string, amount: string, extra: Record<string, unknown> = {}) => ({
  rail: "ACH",
  request: achBody({ instructedAmount: { amount, currency: "USD" } }),
  schedule: { frequency: "Weekly", startDate, ...extra },
});
const create = (body: unknown, token = acme) => call<Order>(createRoute, "/v1/standing-orders", { method: "POST", token, body });
const get = (id: string) => call<Order>(getRoute, `/v1/standing-orders/${id}`, { token: acme, params: { standingOrderId: id } });
const change = (id: string, body: unknown, token = acme) =>
  call<Order>(changeRoute, `/v1/standing-orders/${id}`, { method: "PATCH", token, body, params: { standingOrderId: id } });
const withAmount = (amount: string, extra: Record<string, unknown> = {}) => ({ request: achBody({ instructedAmount: { amount, currency: "USD" }, ...extra }) });
async function draft(body: unknown, token = treasurer): Promise<Outcome> {
  const res = await call<Outcome>(createDraftRoute, "/v1/approvals/drafts", { token, body, headers: { "idempotency-key": randomUUID() } });
  expect(res.status).toBe(201);
  return res.body;
}
const decide = (route: Parameters<typeof call>[0], draftId: string, token = approver) =>
  call<TDraft & Record<string, unknown>>(route, `/v1/approvals/drafts/${draftId}/x`, { token, body: {}, params: { draftId } });

/** The order's payments oldest first: status and the amount (minor units) it was made or scheduled with. */
async function occurrencesOf(standingOrderId: string) {
  const { db } = await getRuntime();
  const { rows } = await db.query<{ status: string; amount: string }>(
    `SELECT status, credit_minor::text AS amount
     FROM payments WHERE client_id = 'acme' AND standing_order_id = $1 ORDER BY created_at, payment_id`,
    [standingOrderId],
  );
  return rows;
}
async function auditRows(entityId: string, action: string) {
  const { db } = await getRuntime();
  return (
    await db.query<{ actor: string; before: unknown; after: unknown; data: unknown }>(
      "SELECT actor, before, after, data FROM audit_log WHERE entity_id = $1 AND action = $2",
      [entityId, action],
    )
  ).rows;
}

describe("PATCH /v1/standing-orders/{id}", () => {
  it("an integration's change applies at once: the Scheduled occurrence is cancelled and made again with the new amount; made ones keep theirs", async () => {
    const day1 = await weekdayIn(40);
    const id = (await create(weekly(day1, "3.00", { count: 3 }))).body.standingOrderId;
    await sweep(day1); // occurrence 1 made with 3.00, occurrence 2 Scheduled
    const res = await change(id, withAmount("4.50", { remittanceInformation: ["RENT NEW"] }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "Active", occurrencesMade: 2, nextExecutionDate: addDays(day1, 7) });
    expect((res.body.request as { instructedAmount: unknown }).instructedAmount).toEqual({ amount: "4.50", currency: "USD" });
    const rows = await occurrencesOf(id);
    expect(rows.map((r) => [r.status, r.amount])).toEqual([
      ["Pending", "300"],
      ["Cancelled", "300"],
      ["Scheduled", "450"],
    ]);
    await sweep(addDays(day1, 7));
    expect((await occurrencesOf(id)).map((r) => r.status)).toEqual(["Pending", "Cancelled", "Pending", "Scheduled"]);
    const [audit] = await auditRows(id, "standing_order.changed");
    expect(audit).toMatchObject({
      actor: "client:acme",
      before: { request: { instructedAmount: { amount: "3.00" } } },
      after: { request: { instructedAmount: { amount: "4.50" } } },
    });
  });

  it("a new end (count 1) keeps the Scheduled occurrence within it, made again, and none after it; the order then Completes", async () => {
    const day1 = await weekdayIn(47);
    const id = (await create(weekly(day1, "1.25"))).body.standingOrderId;
    const ended = await change(id, { schedule: { count: 1 } });
    expect(ended.status).toBe(200);
    // Occurrence 1 is still Scheduled for day1 and within count 1: made again with the same terms, nothing after it.
    expect((await occurrencesOf(id)).map((r) => r.status)).toEqual(["Cancelled", "Scheduled"]);
    await sweep(day1);
    await sweep(addDays(day1, 7));
    expect((await occurrencesOf(id)).map((r) => r.status)).toEqual(["Cancelled", "Pending"]);
    expect((await get(id)).body).toMatchObject({ status: "Completed", occurrencesMade: 1, schedule: { count: 1 } });
    expectErrorBody((await change(id, { schedule: { count: 3 } })).body, 409, "INVALID_STATUS_TRANSITION");
  });

  it("refuses bad changes with the field, 404 for another client's order, 409 once cancelled, 403 without the rail's permission", async () => {
    const day1 = await weekdayIn(54);
    const id = (await create(weekly(day1, "1.00"))).body.standingOrderId;
    const cases: Array<[unknown, string]> = [
      [{}, "send request, schedule or both"],
      [{ schedule: { endDate: addDays(day1, -1) } }, "schedule.endDate"],
      [{ schedule: { frequency: "Monthly" } }, "schedule"],
      [{ request: { ...achBody(), instructionIdentification: "TOO-LONG-ID" } }, "request.instructionIdentification"],
      [{ request: { debtorAccount: {} } }, "request."],
    ];
    for (const [body, field] of cases) {
      const res = await change(id, body);
      expectErrorBody(res.body, 400, "VALIDATION_ERROR");
      expect(JSON.stringify(res.body)).toContain(field);
    }
    expectErrorBody((await change(id, withAmount("2.00"), await tokenFor("globex"))).body, 404, "STANDING_ORDER_NOT_FOUND");
    expectErrorBody((await change(id, withAmount("2.00"), await tokenFor("acme", ["standing-orders", "payment-swift"]))).body, 403, "FORBIDDEN");
    expect((await occurrencesOf(id)).map((r) => r.status)).toEqual(["Scheduled"]);
    await call(cancelRoute, `/v1/standing-orders/${id}`, { method: "DELETE", token: acme, params: { standingOrderId: id } });
    expectErrorBody((await change(id, withAmount("2.00"))).body, 409, "INVALID_STATUS_TRANSITION");
  });
});

describe("a change a policy holds back waits for approval", () => {
  it("a person's PATCH at or above the threshold is 403; below it applies at once", async () => {
    const day1 = await weekdayIn(61);
    const id = (await create(weekly(day1, "10.00"), treasurer)).body.standingOrderId;
    expectErrorBody((await change(id, withAmount("1000.00"), treasurer)).body, 403, "FORBIDDEN");
    expect((await get(id)).body.request).toMatchObject({ instructedAmount: { amount: "10.00" } });
    expect((await change(id, withAmount("999.99"), treasurer)).status).toBe(200);
  });

  it("change → draft when the policy applies: the approver sees before/after, occurrences keep the old terms until approved", async () => {
    const day1 = await weekdayIn(68);
    const id = (await create(weekly(day1, "20.00"), treasurer)).body.standingOrderId;
    expect(await draft({ rail: "STANDING_ORDER_CHANGE", request: { standingOrderId: id, ...withAmount("50.00") } })).toEqual({
      draft: null,
      needsApproval: false,
    });
    const outcome = await draft({ rail: "STANDING_ORDER_CHANGE", request: { standingOrderId: id, ...withAmount("1500.00") } });
    expect(outcome.needsApproval).toBe(true);
    const draftId = outcome.draft!.draftId;
    const seen = await call<TDraft>(getDraftRoute, `/v1/approvals/drafts/${draftId}`, { token: approver, params: { draftId } });
    expect(seen.body).toMatchObject({ rail: "ACH", status: "AwaitingApproval", amount: { amount: "1500.00", currency: "USD" }, canApprove: true });
    expect(seen.body.standingOrder).toMatchObject({
      kind: "StandingOrderChange",
      standingOrderId: id,
      before: { request: { instructedAmount: { amount: "20.00" } } },
      after: { request: { instructedAmount: { amount: "1500.00" } } },
    });
    // Until approved the order keeps its terms: day1's occurrence is made with 20.00.
    await sweep(day1);
    expect((await occurrencesOf(id)).map((r) => [r.status, r.amount])).toEqual([
      ["Pending", "2000"],
      ["Scheduled", "2000"],
    ]);
    expectErrorBody((await decide(approveRoute, draftId, treasurer)).body, 403, "FORBIDDEN");
    const approved = await decide(approveRoute, draftId);
    expect(approved.body).toMatchObject({ status: "Submitted", paymentId: null, standingOrder: { standingOrderId: id } });
    expect((await get(id)).body.request).toMatchObject({ instructedAmount: { amount: "1500.00" } });
    expect((await occurrencesOf(id)).map((r) => [r.status, r.amount])).toEqual([
      ["Pending", "2000"],
      ["Cancelled", "2000"],
      ["Scheduled", "150000"],
    ]);
    const [audit] = await auditRows(id, "standing_order.changed");
    expect(audit!.data).toMatchObject({ approvedBy: ["approver@acme.test"] });
  });

  it("a rejected change never applies; a change drafted on terms since changed is refused at approval", async () => {
    const day1 = await weekdayIn(75);
    const id = (await create(weekly(day1, "30.00"), treasurer)).body.standingOrderId;
    const rejected = (await draft({ rail: "STANDING_ORDER_CHANGE", request: { standingOrderId: id, ...withAmount("2000.00") } })).draft!;
    expect((await decide(rejectRoute, rejected.draftId)).body.status).toBe("Rejected");
    expect((await get(id)).body.request).toMatchObject({ instructedAmount: { amount: "30.00" } });
    const stale = (await draft({ rail: "STANDING_ORDER_CHANGE", request: { standingOrderId: id, ...withAmount("2500.00") } })).draft!;
    expect((await change(id, withAmount("31.00"), treasurer)).status).toBe(200);
    const refused = await decide(approveRoute, stale.draftId);
    expect(refused.body).toMatchObject({ status: "Refused" });
    expect(String(refused.body.refusal)).toContain("changed after this change was drafted");
    expect((await get(id)).body.request).toMatchObject({ instructedAmount: { amount: "31.00" } });
  });
});

describe("a new standing order a policy holds back", () => {
  it("created-under-policy → draft: a person's POST is 403; drafted, nothing exists until approved, then it is Active with its first occurrence", async () => {
    const day1 = await weekdayIn(82);
    const body = weekly(day1, "1200.00", { count: 2 });
    expectErrorBody((await create(body, treasurer)).body, 403, "FORBIDDEN");
    const { db } = await getRuntime();
    const count = async () => (await db.query("SELECT 1 FROM standing_orders WHERE client_id = 'acme'")).rowCount;
    const before = await count();
    const outcome = await draft({ rail: "STANDING_ORDER", request: body });
    expect(outcome.draft).toMatchObject({ rail: "ACH", amount: { amount: "1200.00", currency: "USD" } });
    expect(outcome.draft!.standingOrder).toMatchObject({
      kind: "StandingOrder",
      standingOrderId: null,
      before: null,
      after: { schedule: { startDate: day1 } },
    });
    expect(await count()).toBe(before);
    const approved = await decide(approveRoute, outcome.draft!.draftId);
    expect(approved.body.status).toBe("Submitted");
    const id = (approved.body.standingOrder as { standingOrderId: string }).standingOrderId;
    expect((await get(id)).body).toMatchObject({ status: "Active", createdBy: "treasurer@acme.test", nextExecutionDate: day1 });
    const rows = await occurrencesOf(id);
    expect(rows.map((r) => [r.status, r.amount])).toEqual([["Scheduled", "120000"]]);
    const [audit] = await auditRows(id, "standing_order.created");
    expect(audit!.data).toMatchObject({ approvedBy: ["approver@acme.test"] });
  });

  it("an expired draft of a new order cannot be approved (409 DRAFT_EXPIRED) and no order exists", async () => {
    const day1 = await weekdayIn(85);
    const { db } = await getRuntime();
    const outcome = await draft({ rail: "STANDING_ORDER", request: weekly(day1, "3000.00") });
    // At the latest the end of the next business day: the clock is moved past it by moving the draft's expiry back.
    expect(Date.parse(outcome.draft!.expiresAt!)).toBeLessThan(Date.now() + 4 * 86_400_000);
    await db.query("UPDATE payment_drafts SET expires_at = now() - interval '1 second' WHERE draft_id = $1", [outcome.draft!.draftId]);
    expectErrorBody((await decide(approveRoute, outcome.draft!.draftId)).body, 409, "DRAFT_EXPIRED");
    const made = await db.query("SELECT 1 FROM standing_orders WHERE client_id = 'acme' AND request->'instructedAmount'->>'amount' = '3000.00'");
    expect(made.rowCount).toBe(0);
  });

  it("a rejected new order never runs; an integration's order under the same policy is made at once", async () => {
    const day1 = await weekdayIn(89);
    const { db } = await getRuntime();
    const count = async () => (await db.query("SELECT 1 FROM standing_orders WHERE client_id = 'acme'")).rowCount;
    const before = await count();
    const outcome = await draft({ rail: "STANDING_ORDER", request: weekly(day1, "5000.00") });
    expect((await decide(rejectRoute, outcome.draft!.draftId)).body.status).toBe("Rejected");
    await sweep(day1);
    expect(await count()).toBe(before);
    const direct = await create(weekly(day1, "5000.00"));
    expect(direct.status).toBe(201);
    expect(direct.body.status).toBe("Active");
  });

  it("a malformed order is 400 on drafting; an integration's token cannot draft (403)", async () => {
    const day1 = await weekdayIn(96);
    const viewer = await tokenFor("acme");
    const res = await call(createDraftRoute, "/v1/approvals/drafts", {
      token: treasurer,
      body: { rail: "STANDING_ORDER", request: { ...weekly(day1, "1.00"), rail: "SWIFT" } },
      headers: { "idempotency-key": randomUUID() },
    });
    expectErrorBody(res.body, 400, "VALIDATION_ERROR");
    const integration = await call(createDraftRoute, "/v1/approvals/drafts", {
      token: viewer,
      body: { rail: "STANDING_ORDER", request: weekly(day1, "1.00") },
      headers: { "idempotency-key": randomUUID() },
    });
    expectErrorBody(integration.body, 403, "FORBIDDEN");
  });
});
