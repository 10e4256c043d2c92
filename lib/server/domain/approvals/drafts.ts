import "server-only";
import { randomUUID } from "node:crypto";
import { writeAudit } from "@/lib/server/core/audit/write";
import { requireRailPermission, type PortalCaller } from "@/lib/server/domain/approvals/actor";
import { policiesOf, uncoveredRunError } from "@/lib/server/domain/dual-control/policies";
import { accountCurrency, findDraft, insertDraft, listDecisions, listDrafts } from "@/lib/server/domain/approvals/repo";
import { currentQuote, quotedRate, toDraft } from "@/lib/server/domain/approvals/view";
import { draftPayee } from "@/lib/server/domain/approvals/draft-payee";
import { raiseApprovalRequested } from "@/lib/server/domain/approvals/events";
import type { Queryable } from "@/lib/server/core/db/types";
import { isStandingOrderDraft, standingOrderRedraft, standingOrderSubject } from "@/lib/server/domain/approvals/standing-order-drafts";
import { currentReferenceData } from "@/lib/server/domain/payments/known-data";
import { withPayeeFilled } from "@/lib/server/domain/counterparties/pay";
import { draftTiming } from "@/lib/contract/approvals/expiry";
import { draftFacts, judgeRun, matchPolicy, type DraftRequest } from "@/lib/contract/approvals/policy";
import type { TApprovalRail, TCreateDraft, TDraft, TDraftList, TPaymentDraftInput } from "@/lib/contract/approvals/schema";
import { parseAmount } from "@/lib/contract/money";
import { ApiError } from "@/lib/contract/http/errors";

/** Only ACH and SWIFT aim at a settlement date a maker can push back; the other rails have no such choice. */
function aimsNextBusinessDay(input: TCreateDraft): boolean {
  return "nextBusinessDay" in input ? input.nextBusinessDay : false;
}

/** The currency credited, where it can differ from the debit: SWIFT's instructed currency, an internal transfer's credited account. */
async function creditCurrency(db: Queryable, clientId: string, rail: TApprovalRail, request: Record<string, unknown>, beneficiary: string | null) {
  if (rail === "SWIFT") return (request.instructedAmount as { currency: string }).currency;
  if (rail === "INTERNAL" && beneficiary) return accountCurrency(db, clientId, beneficiary);
  return null;
}

function accountNotFound(accountNumber: string, field: string): ApiError {
  return new ApiError("ACCOUNT_NOT_FOUND", `No account ${accountNumber} was found for this client.`, { field });
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
  caller: PortalCaller & { scopes?: ReadonlySet<string> },
  input: TCreateDraft,
  idempotencyKey: string,
  now = new Date(),
  makerId = caller.userId,
): Promise<{ draft: TDraft | null; needsApproval: boolean }> {
  const reference = await currentReferenceData(tx);
  // A standing order's draft is judged on the payment its occurrences will be (lib/server/domain/approvals/standing-order-drafts.ts).
  const ordered = isStandingOrderDraft(input) ? await standingOrderSubject(tx, caller, input, now, reference.holidays) : null;
  const judged: DraftRequest = ordered ? ordered.judged : (input as TPaymentDraftInput);
  const facts = draftFacts(await withPayeeFilled(tx, caller.clientId, judged));
  const policies = await policiesOf(tx, caller.clientId);
  if (facts.rail === "BATCH") {
    const uncovered = uncoveredRunError(judgeRun(policies, facts.items), facts.items.length);
    if (uncovered) throw uncovered;
  }
  const policy = matchPolicy(policies, facts);
  if (!policy) return { draft: null, needsApproval: false };
  const request = judged.request as Record<string, unknown>;
  let exchangeRate: string | null = null;
  if (facts.rail !== "VIRTUAL_ACCOUNT_BATCH" && facts.rail !== "BATCH") {
    const debitCurrency = await accountCurrency(tx, caller.clientId, facts.debtorAccount);
    if (!debitCurrency) throw accountNotFound(facts.debtorAccount, "request.debtorAccount.identification");
    const credit = await creditCurrency(tx, caller.clientId, facts.rail, request, facts.beneficiary);
    if (facts.rail === "INTERNAL" && !credit) throw accountNotFound(facts.beneficiary, "request.creditorAccount.identification");
    exchangeRate = quotedRate(debitCurrency, credit, reference);
  }
  const nextDay = aimsNextBusinessDay(input);
  const timing = ordered ? ordered.timing : draftTiming(judged.rail, now, nextDay, reference.holidays, reference.achCutoff);
  const money = facts.rail === "VIRTUAL_ACCOUNT_BATCH" || facts.rail === "BATCH" ? null : facts;
  const draftId = await insertDraft(tx, caller.clientId, {
    draft_id: randomUUID(),
    rail: judged.rail,
    kind: ordered ? ordered.kind : "Payment",
    request: ordered ? ordered.stored : request,
    idempotency_key: idempotencyKey,
    currency: money?.currency ?? null,
    amount_minor: money ? parseAmount(money.amount, money.currency).toString() : null,
    debtor_account: facts.debtorAccount,
    beneficiary: facts.beneficiary,
    maker_id: makerId,
    approvals_required: policy.approvers,
    next_business_day: nextDay,
    settlement_date: timing.settlementDate,
    exchange_rate: exchangeRate,
    expires_at: timing.expiresAt,
    created_at: now,
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
      batch: draft.batch,
      approvalsRequired: draft.approvalsRequired,
      expiresAt: draft.expiresAt,
      ...(draft.standingOrder ? { standingOrder: draft.standingOrder } : {}),
    },
  });
  await raiseApprovalRequested(tx, caller.clientId, draft, now);
  return { draft, needsApproval: true };
}

export async function getDraft(db: Queryable, caller: PortalCaller, draftId: string, now = new Date()): Promise<TDraft> {
  const row = await findDraft(db, caller.clientId, draftId);
  if (!row) throw draftNotFound(draftId);
  // One query at a time: `db` is the drafting transaction's client when a draft is made (issue 24).
  const decisions = await listDecisions(db, caller.clientId, [draftId]);
  const reference = await currentReferenceData(db);
  const debitCurrency = row.debtor_account ? await accountCurrency(db, caller.clientId, row.debtor_account) : null;
  const credit = await creditCurrency(db, caller.clientId, row.rail, row.request, row.beneficiary);
  const payee = await draftPayee(db, caller.clientId, row.request, now);
  return toDraft(row, decisions, caller, now, currentQuote(row, debitCurrency, credit, reference, now), payee);
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
      null,
    ),
  );
  return {
    data: filter.status ? drafts.filter((d) => d.status === filter.status) : drafts,
    awaitingYou: drafts.filter((d) => d.canApprove).length,
  };
}

/**
 * One click on an expired, rejected or refused draft: the same request as a
 * new draft, with a new key and cut-off. The draft keeps its maker, whoever
 * clicks, so its author can never decide it; the clicker needs the rail's
 * permission, as for any draft.
 */
export async function redraft(
  tx: Queryable,
  caller: PortalCaller & { scopes: ReadonlySet<string> },
  draftId: string,
  idempotencyKey: string,
  now = new Date(),
): Promise<{ draft: TDraft | null; needsApproval: boolean }> {
  const previous = await getDraft(tx, caller, draftId, now);
  requireRailPermission(caller.scopes, previous);
  if (previous.status === "AwaitingApproval" || previous.status === "Submitting" || previous.status === "Submitted") {
    throw new ApiError("DRAFT_NOT_PENDING", "Only an expired, rejected or refused draft can be drafted again.");
  }
  // The stored request passed the rail's schema when it was drafted; the stored one, not the view: its custom header
  // values stay sealed (the view masks them).
  const stored = (await findDraft(tx, caller.clientId, draftId))!;
  const { request } = stored;
  const input =
    stored.kind !== "Payment"
      ? standingOrderRedraft(stored)
      : ((previous.rail === "ACH" || previous.rail === "SWIFT"
          ? { rail: previous.rail, request, nextBusinessDay: previous.nextBusinessDay }
          : { rail: previous.rail, request }) as TCreateDraft);
  const outcome = await createDraft(tx, caller, input, idempotencyKey, now, previous.maker.userId);
  await writeAudit(tx, {
    ...caller,
    action: "draft.redrafted",
    entity: "payment_draft",
    entityId: draftId,
    after: { newDraftId: outcome.draft?.draftId ?? null },
  });
  return outcome;
}
