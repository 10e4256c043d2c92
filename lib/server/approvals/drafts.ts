import "server-only";
import { randomUUID } from "node:crypto";
import { writeAudit } from "@/lib/server/audit/write";
import type { PortalCaller } from "@/lib/server/approvals/actor";
import { accountCurrency, findDraft, insertDraft, listDecisions, listDrafts, listPolicies } from "@/lib/server/approvals/repo";
import { currentQuote, quotedRate, toDraft } from "@/lib/server/approvals/view";
import type { Queryable } from "@/lib/server/db/types";
import { currentReferenceData } from "@/lib/server/payments/known-data";
import { draftTiming } from "@/lib/contract/approvals/expiry";
import { draftFacts, matchPolicy } from "@/lib/contract/approvals/policy";
import type { TApprovalPolicy, TCreateDraft, TDraft, TDraftList } from "@/lib/contract/approvals/schema";
import { formatAmount, parseAmount } from "@/lib/contract/money";
import { ApiError } from "@/lib/contract/http/errors";

/** The organisation's policies in contract form, for matching. */
export async function policiesOf(db: Queryable, clientId: string): Promise<TApprovalPolicy[]> {
  return (await listPolicies(db, clientId)).map((p) => ({
    rail: p.rail,
    currency: p.currency,
    threshold: formatAmount(BigInt(p.threshold_minor), p.currency),
    approvers: p.approvers,
  }));
}

export function draftNotFound(draftId: string): ApiError {
  return new ApiError("DRAFT_NOT_FOUND", `No payment draft ${draftId} was found.`, { field: "draftId" });
}

/**
 * A payment the maker asked for: when a policy matches it becomes a draft
 * "Awaiting approval" holding the whole request and the Idempotency-Key the
 * form made when it opened; nothing is reserved. When none matches the
 * answer says so and the portal submits it to the API itself.
 */
export async function createDraft(
  tx: Queryable,
  caller: PortalCaller,
  input: TCreateDraft,
  idempotencyKey: string,
  now = new Date(),
): Promise<{ draft: TDraft | null; needsApproval: boolean }> {
  const facts = draftFacts(input);
  const policy = matchPolicy(await policiesOf(tx, caller.clientId), facts);
  if (!policy) return { draft: null, needsApproval: false };
  const debitCurrency = await accountCurrency(tx, caller.clientId, facts.debtorAccount);
  if (!debitCurrency) {
    throw new ApiError("ACCOUNT_NOT_FOUND", `No account ${facts.debtorAccount} was found for this client.`, { field: "request.debtorAccount.identification" });
  }
  const reference = await currentReferenceData(tx);
  const timing = draftTiming(input.rail, now, input.nextBusinessDay, reference.holidays, reference.achCutoff);
  const draftId = await insertDraft(tx, caller.clientId, {
    draft_id: randomUUID(),
    rail: input.rail,
    request: input.request as Record<string, unknown>,
    idempotency_key: idempotencyKey,
    currency: facts.currency,
    amount_minor: parseAmount(facts.amount, facts.currency).toString(),
    debtor_account: facts.debtorAccount,
    beneficiary: facts.beneficiary,
    maker_id: caller.userId,
    approvals_required: policy.approvers,
    next_business_day: input.nextBusinessDay,
    settlement_date: timing.settlementDate,
    exchange_rate: quotedRate(input.rail, input.request as Record<string, unknown>, debitCurrency, reference),
    expires_at: timing.expiresAt,
  });
  const draft = await getDraft(tx, caller, draftId, now);
  await writeAudit(tx, {
    ...caller,
    action: "draft.created",
    entity: "payment_draft",
    entityId: draftId,
    after: {
      rail: draft.rail,
      amount: draft.amount,
      debtorAccount: draft.debtorAccount,
      beneficiary: draft.beneficiary,
      approvalsRequired: draft.approvalsRequired,
      expiresAt: draft.expiresAt,
    },
  });
  return { draft, needsApproval: true };
}

export async function getDraft(db: Queryable, caller: PortalCaller, draftId: string, now = new Date()): Promise<TDraft> {
  const row = await findDraft(db, caller.clientId, draftId);
  if (!row) throw draftNotFound(draftId);
  const [decisions, reference, debitCurrency] = await Promise.all([
    listDecisions(db, caller.clientId, [draftId]),
    currentReferenceData(db),
    accountCurrency(db, caller.clientId, row.debtor_account),
  ]);
  return toDraft(row, decisions, caller, now, currentQuote(row, debitCurrency, reference, now));
}

/** The newest drafts (at most 200) and how many wait for this user's decision. */
export async function listDraftsFor(db: Queryable, caller: PortalCaller, filter: { status?: string }, now = new Date()): Promise<TDraftList> {
  const rows = await listDrafts(db, caller.clientId, { limit: 200 });
  const decisions = await listDecisions(
    db,
    caller.clientId,
    rows.map((r) => r.draft_id),
  );
  const drafts = rows.map((row) =>
    toDraft(
      row,
      decisions.filter((d) => d.draft_id === row.draft_id),
      caller,
      now,
      null,
    ),
  );
  return {
    data: filter.status ? drafts.filter((d) => d.status === filter.status) : drafts,
    awaitingYou: drafts.filter((d) => d.canApprove).length,
  };
}

/** One click on an expired, rejected or refused draft: the same request as a new draft, with a new key and cut-off. */
export async function redraft(
  tx: Queryable,
  caller: PortalCaller,
  draftId: string,
  idempotencyKey: string,
  now = new Date(),
): Promise<{ draft: TDraft | null; needsApproval: boolean }> {
  const previous = await getDraft(tx, caller, draftId, now);
  if (previous.status === "AwaitingApproval" || previous.status === "Submitting" || previous.status === "Submitted") {
    throw new ApiError("DRAFT_NOT_PENDING", "Only an expired, rejected or refused draft can be drafted again.");
  }
  const input = { rail: previous.rail, request: previous.request, nextBusinessDay: previous.nextBusinessDay } as TCreateDraft;
  const outcome = await createDraft(tx, caller, input, idempotencyKey, now);
  await writeAudit(tx, {
    ...caller,
    action: "draft.redrafted",
    entity: "payment_draft",
    entityId: draftId,
    after: { newDraftId: outcome.draft?.draftId ?? null },
  });
  return outcome;
}
