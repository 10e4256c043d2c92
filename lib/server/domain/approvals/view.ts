import "server-only";
import type { DecisionRow, DraftRow } from "@/lib/server/domain/approvals/repo";
import { standingOrderOfDraft } from "@/lib/server/domain/approvals/standing-order-drafts";
import { shownCustomHeaders, type SealedHeaders } from "@/lib/server/core/crypto/stored-secrets";
import type { ReferenceData } from "@/lib/server/domain/payments/known-data";
import { formatAmount } from "@/lib/contract/money";
import { canApprove, type Role } from "@/lib/contract/auth/roles";
import { draftTiming } from "@/lib/contract/approvals/expiry";
import { batchSummary, runDraftSummary } from "@/lib/contract/approvals/policy";
import type { TPaymentRunItem } from "@/lib/contract/payment-runs/schema";
import type { TDraft, TDraftPayee, TDraftStatus, TQuote } from "@/lib/contract/approvals/schema";

export type Viewer = { userId: string; role: Role };

/** A draft still waiting past its cut-off is Expired: derived when read, so no job has to run at the cut-off. */
export function effectiveStatus(row: Pick<DraftRow, "status" | "expires_at">, now: Date): TDraftStatus {
  return row.status === "AwaitingApproval" && row.expires_at.getTime() <= now.getTime() ? "Expired" : row.status;
}

/**
 * Units of the credit currency per unit of the debit currency, when they
 * differ (a cross-currency SWIFT payment or internal transfer).
 */
export function quotedRate(debitCurrency: string, creditCurrency: string | null, reference: ReferenceData): string | null {
  return creditCurrency === null || creditCurrency === debitCurrency ? null : reference.rate(debitCurrency, creditCurrency);
}

/** The quote the API would give now, on the draft's own terms (rail, "next business day"); compared with the maker's. */
export function currentQuote(row: DraftRow, debitCurrency: string | null, creditCurrency: string | null, reference: ReferenceData, now: Date): TQuote {
  const { settlementDate } = draftTiming(row.rail, now, row.next_business_day, reference.holidays, reference.achCutoff);
  return { settlementDate, exchangeRate: debitCurrency ? quotedRate(debitCurrency, creditCurrency, reference) : row.exchange_rate };
}

/** A callback's custom header values are shown as the job shows them: masked (they are sealed at rest). */
function withMaskedHeaders(request: DraftRow["request"]): DraftRow["request"] {
  const headers = request.customHeaders as SealedHeaders | undefined;
  return headers ? { ...request, customHeaders: shownCustomHeaders(headers) } : request;
}

const isJob = (rail: DraftRow["rail"]) => rail === "VIRTUAL_ACCOUNT_BATCH" || rail === "BATCH";

export function toDraft(
  row: DraftRow,
  decisions: readonly DecisionRow[],
  viewer: Viewer,
  now: Date,
  current: TQuote | null,
  payee: TDraftPayee | null,
): TDraft {
  const status = effectiveStatus(row, now);
  const quote = { settlementDate: row.settlement_date, exchangeRate: row.exchange_rate };
  const decided = decisions.some((d) => d.user_id === viewer.userId);
  // A standing order's draft has no quote to move: its payments are made on their own days.
  const changed =
    row.kind === "Payment" &&
    current &&
    status === "AwaitingApproval" &&
    (current.settlementDate !== quote.settlementDate || current.exchangeRate !== quote.exchangeRate);
  return {
    draftId: row.draft_id,
    rail: row.rail,
    status,
    request: withMaskedHeaders(row.request),
    amount: row.currency && row.amount_minor ? { amount: formatAmount(BigInt(row.amount_minor), row.currency), currency: row.currency } : null,
    debtorAccount: row.debtor_account,
    beneficiary: row.beneficiary,
    batch: row.rail === "VIRTUAL_ACCOUNT_BATCH" ? batchSummary(row.request.items as { currency: string }[]) : null,
    run: row.rail === "BATCH" ? runDraftSummary(row.request.items as TPaymentRunItem[]) : null,
    maker: { userId: row.maker_id, name: row.maker_name, email: row.maker_email },
    createdAt: row.created_at.toISOString(),
    nextBusinessDay: row.next_business_day,
    expiresAt: row.expires_at.toISOString(),
    approvalsRequired: row.approvals_required,
    quote,
    currentQuote: changed ? current : null,
    payee,
    decisions: decisions.map((d) => ({
      by: { userId: d.user_id, name: d.name, email: d.email },
      decision: d.decision,
      comment: d.comment,
      decidedAt: d.decided_at.toISOString(),
    })),
    // payment_id holds what the approval made: a payment, a batch's or a run's job, or a standing order.
    paymentId: isJob(row.rail) || row.kind !== "Payment" ? null : row.payment_id,
    jobId: isJob(row.rail) ? row.payment_id : null,
    refusal: row.refusal,
    standingOrder: standingOrderOfDraft(row),
    canApprove: status === "AwaitingApproval" && canApprove(viewer.role) && row.maker_id !== viewer.userId && !decided,
  };
}
