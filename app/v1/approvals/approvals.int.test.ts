import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUT as putPolicies } from "@/app/v1/approvals/policies/route";
import { GET as listDrafts, POST as createDraftRoute } from "@/app/v1/approvals/drafts/route";
import { GET as getDraftRoute } from "@/app/v1/approvals/drafts/[draftId]/route";
import { POST as approveRoute } from "@/app/v1/approvals/drafts/[draftId]/approve/route";
import { POST as rejectRoute } from "@/app/v1/approvals/drafts/[draftId]/reject/route";
import { POST as redraftRoute } from "@/app/v1/approvals/drafts/[draftId]/redraft/route";
import type { TDraft, TDraftList } from "@/lib/contract/approvals/schema";
import { getRuntime } from "@/lib/server/entry/runtime";
import { POST as achRoute } from "@/app/v1/payments/ach-local/route";
import { POST as createPayeeRoute } from "@/app/v1/counterparties/route";
import { PATCH as changePayeeRoute } from "@/app/v1/counterparties/[counterpartyId]/route";
import type { TCounterparty } from "@/lib/contract/counterparties/schema";
import { call, expectErrorBody, tokenFor } from "@/tests/api";
import { ACME_USD, achBody } from "@/tests/payments";
import { approvalTeam, paymentsOfDraftKey } from "@/tests/approvals";
import { portalTokenFor } from "@/tests/portal";

type Outcome = { draft: TDraft | null; needsApproval: boolean };

// pg warns once per process when a query is sent on a client still running one (a Promise.all over a transaction's
// client): drafting used to (issue 24). Every draft, decision and redraft below runs with this listening.
const concurrentQueries: string[] = [];
process.on("warning", (warning) => {
  if (/already executing a query/.test(warning.message)) concurrentQueries.push(warning.stack ?? warning.message);
});
afterAll(() => expect(concurrentQueries).toEqual([]));

let treasurer: string;
let approver: string;
let admin: string;

async function balance(accountNumber: string): Promise<string> {
  const { db } = await getRuntime();
  const { rows } = await db.query<{ a: string }>("SELECT available_minor::text AS a FROM accounts WHERE client_id = 'acme' AND account_number = $1", [
    accountNumber,
  ]);
  return rows[0]!.a;
}

async function draftAch(amount: string, token = treasurer, extra: Record<string, unknown> = {}): Promise<{ outcome: Outcome; key: string }> {
  const key = randomUUID();
  const res = await call<Outcome>(createDraftRoute, "/v1/approvals/drafts", {
    token,
    headers: { "idempotency-key": key },
    body: { rail: "ACH", request: achBody({ instructedAmount: { amount, currency: "USD" }, ...extra }) },
  });
  expect(res.status).toBe(201);
  return { outcome: res.body, key };
}

const approve = (draftId: string, token: string, comment?: string) =>
  call<TDraft & Record<string, unknown>>(approveRoute, `/v1/approvals/drafts/${draftId}/approve`, {
    token,
    body: comment ? { comment } : {},
    params: { draftId },
  });

beforeAll(async () => {
  ({ treasurer, approver, admin } = await approvalTeam([
    { rail: "ACH", currency: "USD", threshold: "1000.00", approvers: 1 },
    { rail: "ACH", currency: "BMD", threshold: "5000.00", approvers: 2 },
  ]));
});

describe("approval policies", () => {
  it("are changed by admins only, audited with before and after", async () => {
    const res = await call(putPolicies, "/v1/approvals/policies", { method: "PUT", token: treasurer, body: { policies: [] } });
    expect(res.status).toBe(403);
    expectErrorBody(res.body, 403, "FORBIDDEN");
    const { db } = await getRuntime();
    const { rows } = await db.query("SELECT actor, before, after FROM audit_log WHERE client_id = 'acme' AND action = 'approval_policy.changed'");
    expect(rows).toHaveLength(1);
    expect(rows[0].before).toEqual({ policies: [] });
    expect(rows[0].after.policies).toHaveLength(2);
  });

  it("refuse duplicate rail/currency pairs and bad thresholds with field errors", async () => {
    const dup = { rail: "ACH", currency: "USD", threshold: "1.00", approvers: 1 };
    const res = await call(putPolicies, "/v1/approvals/policies", { method: "PUT", token: admin, body: { policies: [dup, dup] } });
    expectErrorBody(res.body, 400, "VALIDATION_ERROR");
    const bad = await call(putPolicies, "/v1/approvals/policies", {
      method: "PUT",
      token: admin,
      body: { policies: [{ ...dup, threshold: "1.001", approvers: 3 }] },
    });
    expectErrorBody(bad.body, 400, "VALIDATION_ERROR");
  });

  it("are refused to an integration's token (no person behind it)", async () => {
    const res = await call(createDraftRoute, "/v1/approvals/drafts", { token: await tokenFor("acme"), body: { rail: "ACH", request: achBody() } });
    expectErrorBody(res.body, 403, "FORBIDDEN");
  });
});

describe("drafts", () => {
  it("below the threshold need no approval; at the threshold become a draft that reserves nothing", async () => {
    expect((await draftAch("999.99")).outcome).toEqual({ draft: null, needsApproval: false });
    const before = await balance(ACME_USD);
    const { outcome, key } = await draftAch("1000.00");
    expect(outcome.needsApproval).toBe(true);
    expect(outcome.draft).toMatchObject({
      status: "AwaitingApproval",
      approvalsRequired: 1,
      amount: { amount: "1000.00", currency: "USD" },
      canApprove: false,
    });
    expect(await balance(ACME_USD)).toBe(before);
    expect(await paymentsOfDraftKey(key)).toBe(0);
  });

  it("a portal user cannot bypass the draft by calling the payment route; an integration keeps the spec's behaviour", async () => {
    const post = (token: string, amount: string) =>
      call(achRoute, "/v1/payments/ach-local", {
        token,
        headers: { "idempotency-key": randomUUID() },
        body: achBody({ instructedAmount: { amount, currency: "USD" } }),
      });
    expectErrorBody((await post(treasurer, "1000.00")).body, 403, "FORBIDDEN");
    expect((await post(treasurer, "999.99")).status).toBe(201);
    expect((await post(await tokenFor("acme"), "1000.00")).status).toBe(201);
  });

  it("the maker can never approve their own draft", async () => {
    const { outcome } = await draftAch("1500.00", admin);
    const res = await approve(outcome.draft!.draftId, admin);
    expectErrorBody(res.body, 403, "FORBIDDEN");
    const seen = await call<TDraft>(getDraftRoute, `/v1/approvals/drafts/${outcome.draft!.draftId}`, {
      token: admin,
      params: { draftId: outcome.draft!.draftId },
    });
    expect(seen.body.canApprove).toBe(false);
  });

  it("a treasurer cannot approve; an approver sees it in the queue and approves: one payment with the draft's key, debited once", async () => {
    const { outcome, key } = await draftAch("1200.00");
    const draftId = outcome.draft!.draftId;
    expectErrorBody((await approve(draftId, await portalTokenFor("treasurer@acme.test"))).body, 403, "FORBIDDEN");
    const queue = await call<TDraftList>(listDrafts, "/v1/approvals/drafts?status=AwaitingApproval", { token: approver });
    expect(queue.body.data.map((d) => d.draftId)).toContain(draftId);
    expect(queue.body.awaitingYou).toBeGreaterThan(0);

    const before = BigInt(await balance(ACME_USD));
    const res = await approve(draftId, approver, "Checked against invoice 42");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "Submitted", paymentId: expect.any(String) });
    expect(res.body.decisions).toMatchObject([{ decision: "approved", comment: "Checked against invoice 42", by: { email: "approver@acme.test" } }]);
    expect(BigInt(await balance(ACME_USD))).toBe(before - 120_000n);
    expect(await paymentsOfDraftKey(key)).toBe(1);
  });

  it("two approvals must come from two different people", async () => {
    const { outcome } = await draftAch("6000.00", treasurer, {
      debtorAccount: { identification: "1000123457" },
      debitCurrency: "BMD",
      instructedAmount: { amount: "6000.00", currency: "BMD" },
      creditorBank: { bankCode: "BANK_A", currency: "BMD" },
    });
    const draftId = outcome.draft!.draftId;
    expect(outcome.draft!.approvalsRequired).toBe(2);
    expect((await approve(draftId, approver)).body).toMatchObject({ status: "AwaitingApproval", paymentId: null });
    // The same person again is not a second approval.
    expect((await approve(draftId, approver)).body).toMatchObject({ status: "AwaitingApproval", paymentId: null });
    const done = await approve(draftId, admin);
    expect(done.body).toMatchObject({ status: "Submitted", paymentId: expect.any(String) });
    expect(done.body.decisions).toHaveLength(2);
  });

  it("20 parallel approve calls give exactly one payment, every time", async () => {
    for (let round = 0; round < 3; round++) {
      const { outcome, key } = await draftAch(`${1000 + round}.00`);
      const draftId = outcome.draft!.draftId;
      const before = BigInt(await balance(ACME_USD));
      const answers = await Promise.all(Array.from({ length: 20 }, () => approve(draftId, approver)));
      const paid = new Set(answers.filter((a) => a.status === 200).map((a) => a.body.paymentId));
      expect(answers.every((a) => a.status === 200)).toBe(true);
      expect(paid).toEqual(new Set([answers[0]!.body.paymentId]));
      expect(await paymentsOfDraftKey(key)).toBe(1);
      expect(BigInt(await balance(ACME_USD))).toBe(before - BigInt(1000 + round) * 100n);
    }
  });

  it("reject with a comment ends the draft; it can be re-drafted in one click", async () => {
    const { outcome } = await draftAch("2500.00");
    const draftId = outcome.draft!.draftId;
    const res = await call<TDraft>(rejectRoute, `/v1/approvals/drafts/${draftId}/reject`, {
      token: approver,
      body: { comment: "Wrong supplier" },
      params: { draftId },
    });
    expect(res.body).toMatchObject({ status: "Rejected", decisions: [{ decision: "rejected", comment: "Wrong supplier" }] });
    expectErrorBody((await approve(draftId, admin)).body, 409, "DRAFT_NOT_PENDING");
    const again = await call<Outcome>(redraftRoute, `/v1/approvals/drafts/${draftId}/redraft`, {
      token: treasurer,
      params: { draftId },
      headers: { "idempotency-key": randomUUID() },
    });
    expect(again.status).toBe(201);
    expect(again.body.draft).toMatchObject({ status: "AwaitingApproval", amount: { amount: "2500.00" } });
    expect(again.body.draft!.draftId).not.toBe(draftId);
  });

  it("an expired draft shows Expired and cannot be approved", async () => {
    const { outcome } = await draftAch("3000.00");
    const draftId = outcome.draft!.draftId;
    const { db } = await getRuntime();
    await db.query("UPDATE payment_drafts SET expires_at = now() - interval '1 second' WHERE draft_id = $1", [draftId]);
    const seen = await call<TDraft>(getDraftRoute, `/v1/approvals/drafts/${draftId}`, { token: approver, params: { draftId } });
    expect(seen.body).toMatchObject({ status: "Expired", canApprove: false });
    expectErrorBody((await approve(draftId, approver)).body, 409, "DRAFT_EXPIRED");
  });

  it("unknown and malformed draft ids answer 404 and 400, never 500", async () => {
    const unknown = randomUUID();
    expectErrorBody((await approve(unknown, approver)).body, 404, "DRAFT_NOT_FOUND");
    const bad = await call(getDraftRoute, "/v1/approvals/drafts/x", { token: approver, params: { draftId: "x'; drop table" } });
    expectErrorBody(bad.body, 400, "VALIDATION_ERROR");
    const junk = await call(createDraftRoute, "/v1/approvals/drafts", { token: treasurer, body: { rail: "ACH", request: { debtorAccount: 7 } } });
    expectErrorBody(junk.body, 400, "VALIDATION_ERROR");
  });

  it("every step is in the audit trail, with the person, the correlation id and before/after", async () => {
    const { db } = await getRuntime();
    const { rows } = await db.query<{ action: string; n: number }>(
      "SELECT action, count(*)::int AS n FROM audit_log WHERE client_id = 'acme' AND entity = 'payment_draft' GROUP BY action ORDER BY action",
    );
    expect(rows.map((r) => r.action)).toEqual(["draft.approved", "draft.created", "draft.redrafted", "draft.rejected", "draft.submitted"]);
    const { rows: approved } = await db.query("SELECT actor, correlation_id, before, after FROM audit_log WHERE action = 'draft.approved' LIMIT 1");
    expect(approved[0]).toMatchObject({ actor: expect.stringMatching(/^user:/), correlation_id: expect.any(String), before: { status: "AwaitingApproval" } });
  });
});

describe("a draft paying a saved payee (issue 24, item 1)", () => {
  it("shows the approver the payee as the bank holds it now, when it was saved and last changed, and that it is recent", async () => {
    const made = await call<TCounterparty>(createPayeeRoute, "/v1/counterparties", {
      token: treasurer,
      body: { rail: "ACH", name: "Lagoon Marine", creditorAccount: { identification: "20007788990" }, creditorBank: { bankCode: "BANK_A", currency: "USD" } },
    });
    expect(made.status).toBe(201);
    const counterpartyId = made.body.counterpartyId;
    const { outcome } = await draftAch("2500.00", treasurer, { creditorAccount: undefined, creditorBank: undefined, counterpartyId });
    const draftId = outcome.draft!.draftId;
    const read = () => call<TDraft>(getDraftRoute, `/v1/approvals/drafts/${draftId}`, { token: approver, params: { draftId } });

    const saved = await read();
    expect(saved.body.payee).toMatchObject({
      counterpartyId,
      details: { name: "Lagoon Marine", creditorAccount: { identification: "20007788990" }, creditorBank: { bankCode: "BANK_A", currency: "USD" } },
      savedAt: made.body.createdAt,
      changedAt: null,
      recent: true,
    });

    // The account changes after drafting: the approver reads the new one (the one the payment will use) and when.
    const changed = await call<TCounterparty>(changePayeeRoute, `/v1/counterparties/${counterpartyId}`, {
      method: "PATCH",
      token: treasurer,
      body: { creditorAccount: { identification: "20007788991" } },
      params: { counterpartyId },
    });
    expect(changed.status).toBe(200);
    const after = await read();
    expect(after.body.payee!.details.creditorAccount.identification).toBe("20007788991");
    expect(after.body.payee!.changedAt).toBe(changed.body.updatedAt);
    expect(after.body.payee!.recent).toBe(true);

    // The queue lists drafts without reading each payee; a draft without one has none.
    const list = await call<TDraftList>(listDrafts, "/v1/approvals/drafts", { token: approver });
    expect(list.body.data.find((d) => d.draftId === draftId)!.payee).toBeNull();
    const plain = await draftAch("1500.00");
    expect(
      (
        await call<TDraft>(getDraftRoute, `/v1/approvals/drafts/${plain.outcome.draft!.draftId}`, {
          token: approver,
          params: { draftId: plain.outcome.draft!.draftId },
        })
      ).body.payee,
    ).toBeNull();
  });
});
