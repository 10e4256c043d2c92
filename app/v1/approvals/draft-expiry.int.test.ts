import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { PUT as putPolicies } from "@/app/v1/approvals/policies/route";
import { GET as listDrafts, POST as createDraftRoute } from "@/app/v1/approvals/drafts/route";
import { GET as getDraftRoute } from "@/app/v1/approvals/drafts/[draftId]/route";
import { POST as approveRoute } from "@/app/v1/approvals/drafts/[draftId]/approve/route";
import { addHoliday } from "@/lib/server/domain/operations/reference";
import { getRuntime } from "@/lib/server/entry/runtime";
import type { TDraft, TDraftList } from "@/lib/contract/approvals/schema";
import { call, expectErrorBody } from "@/tests/api";
import { achBody } from "@/tests/payments";
import { portalTokenFor } from "@/tests/portal";

/**
 * Issue 14: an ACH draft expires at the cut-off (15:15 Atlantic/Bermuda) of
 * the day it must be processed, exact across daylight saving and holidays,
 * here through the API: the drafts are made at chosen bank times (the
 * process clock is set; the database's holidays and cut-off are the seeded
 * ones: bank_holidays holds 2027-07-29 and 2027-07-30).
 */

type Outcome = { draft: TDraft | null; needsApproval: boolean };

/** Only Date is faked: timers, sockets and the database run as usual. */
function setBankClock(iso: string): void {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date(iso) });
}

afterEach(() => {
  vi.useRealTimers();
});

beforeAll(async () => {
  const res = await call(putPolicies, "/v1/approvals/policies", {
    method: "PUT",
    token: await portalTokenFor("admin@acme.test"),
    body: { policies: [{ rail: "ACH", currency: "USD", threshold: "1000.00", approvers: 1 }] },
  });
  expect(res.status).toBe(200);
});

/** A treasurer drafts an ACH payment above the threshold at the current (fake) time; tokens are minted on that clock. */
async function draftAt(madeAt: string, nextBusinessDay = false): Promise<TDraft> {
  setBankClock(madeAt);
  const res = await call<Outcome>(createDraftRoute, "/v1/approvals/drafts", {
    token: await portalTokenFor("treasurer@acme.test"),
    headers: { "idempotency-key": randomUUID() },
    body: { rail: "ACH", request: achBody({ instructedAmount: { amount: "2500.00", currency: "USD" } }), nextBusinessDay },
  });
  expect(res.status).toBe(201);
  expect(res.body.needsApproval).toBe(true);
  expect(res.body.draft).toMatchObject({ status: "AwaitingApproval" });
  return res.body.draft!;
}

/** Moves the clock to `iso`, then reads the draft, the Expired list and tries to approve it, as an approver would. */
async function approverViewAt(iso: string, draftId: string) {
  setBankClock(iso);
  const approver = await portalTokenFor("approver@acme.test");
  const seen = await call<TDraft>(getDraftRoute, `/v1/approvals/drafts/${draftId}`, { token: approver, params: { draftId } });
  const expired = await call<TDraftList>(listDrafts, "/v1/approvals/drafts?status=Expired", { token: approver });
  return { approver, draft: seen.body, expiredIds: expired.body.data.map((d) => d.draftId) };
}

const approve = (draftId: string, token: string) => call(approveRoute, `/v1/approvals/drafts/${draftId}/approve`, { token, body: {}, params: { draftId } });

describe("ACH draft expiry at the cut-off, through POST /v1/approvals/drafts", () => {
  it("AST (winter, UTC-4): a draft made at 10:00 expires at 15:15 AST that day (19:15Z); past it, it lists as Expired and cannot be approved", async () => {
    const draft = await draftAt("2027-01-14T14:00:00Z");
    expect(draft.expiresAt).toBe("2027-01-14T19:15:00.000Z");

    const before = await approverViewAt("2027-01-14T19:14:59Z", draft.draftId);
    expect(before.draft).toMatchObject({ status: "AwaitingApproval", canApprove: true });
    expect(before.expiredIds).not.toContain(draft.draftId);

    const after = await approverViewAt("2027-01-14T19:15:00Z", draft.draftId);
    expect(after.draft).toMatchObject({ status: "Expired", canApprove: false });
    expect(after.expiredIds).toContain(draft.draftId);
    expectErrorBody((await approve(draft.draftId, after.approver)).body, 409, "DRAFT_EXPIRED");
  });

  it("AST, next business day chosen: a Friday draft lives until Monday's 15:15 AST", async () => {
    const draft = await draftAt("2027-01-15T14:00:00Z", true);
    expect(draft.expiresAt).toBe("2027-01-18T19:15:00.000Z");
  });

  it("ADT (summer, UTC-3): a draft made at 10:00 expires at 15:15 ADT (18:15Z); one made after the cut-off, at the next business day's", async () => {
    const draft = await draftAt("2027-06-16T13:00:00Z");
    expect(draft.expiresAt).toBe("2027-06-16T18:15:00.000Z");
    const late = await draftAt("2027-06-16T19:00:00Z");
    expect(late.expiresAt).toBe("2027-06-17T18:15:00.000Z");

    const after = await approverViewAt("2027-06-16T18:15:01Z", draft.draftId);
    expect(after.draft).toMatchObject({ status: "Expired", canApprove: false });
    expect(after.expiredIds).toContain(draft.draftId);
    expect(after.expiredIds).not.toContain(late.draftId);
    expectErrorBody((await approve(draft.draftId, after.approver)).body, 409, "DRAFT_EXPIRED");
  });

  it("the business day before two holidays (Wed 2027-07-28): that day's 15:15 ADT, or with next business day the Monday after (29th, 30th holidays, then the weekend)", async () => {
    const sameDay = await draftAt("2027-07-28T13:00:00Z");
    expect(sameDay.expiresAt).toBe("2027-07-28T18:15:00.000Z");
    const nextDay = await draftAt("2027-07-28T13:00:00Z", true);
    expect(nextDay.expiresAt).toBe("2027-08-02T18:15:00.000Z");
    // After the cut-off on the eve of the holidays, the payment can only be processed on Monday.
    const late = await draftAt("2027-07-28T18:15:00Z");
    expect(late.expiresAt).toBe("2027-08-02T18:15:00.000Z");

    const holiday = await approverViewAt("2027-07-29T15:00:00Z", sameDay.draftId);
    expect(holiday.draft).toMatchObject({ status: "Expired" });
    expect(holiday.expiredIds).toEqual(expect.arrayContaining([sameDay.draftId]));
    expect(holiday.expiredIds).not.toContain(nextDay.draftId);
    expect(holiday.expiredIds).not.toContain(late.draftId);
    expectErrorBody((await approve(sameDay.draftId, holiday.approver)).body, 409, "DRAFT_EXPIRED");

    const monday = await approverViewAt("2027-08-02T18:15:00Z", nextDay.draftId);
    expect(monday.draft).toMatchObject({ status: "Expired", canApprove: false });
    expect(monday.expiredIds).toEqual(expect.arrayContaining([nextDay.draftId, late.draftId]));
  });

  it("a holiday an operator adds to bank_holidays moves the expiry of drafts made after it", async () => {
    const { db, config } = await getRuntime();
    const ctx = { db, appEnv: config.appEnv, actor: "system:test", correlationId: randomUUID(), baseUrl: "http://localhost" };
    // Fill the kept reference data first, as a running server would have.
    const before = await draftAt("2027-10-12T20:00:00Z");
    expect(before.expiresAt).toBe("2027-10-13T18:15:00.000Z");
    vi.useRealTimers();
    await addHoliday(ctx, { date: "2027-10-13", name: "Harbour test holiday" });
    const after = await draftAt("2027-10-12T20:00:00Z");
    expect(after.expiresAt).toBe("2027-10-14T18:15:00.000Z");
  });
});
