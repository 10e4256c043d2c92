import "server-only";
import type { DecisionRow, DraftRow } from "@/lib/server/approvals/repo";
import type { ReferenceData } from "@/lib/server/payments/known-data";
import { formatAmount } from "@/lib/contract/money";
import { achSettlementDate, swiftSettlementDate } from "@/lib/contract/payments/settlement-date";
import { canApprove, type Role } from "@/lib/contract/auth/roles";
import type { TDraft, TDraftStatus, TQuote } from "@/lib/contract/approvals/schema";

export type Viewer = { userId: string; role: Role };

/** A draft still waiting past its cut-off is Expired: derived when read, so no job has to run at the cut-off. */
export function effectiveStatus(row: Pick<DraftRow, "status" | "expires_at">, now: Date): TDraftStatus {
  return row.status === "AwaitingApproval" && row.expires_at.getTime() <= now.getTime() ? "Expired" : row.status;
}

/** Units of the credit currency per unit of the debit currency, when they differ (SWIFT cross-currency). */
export function quotedRate(rail: DraftRow["rail"], request: Record<string, unknown>, debitCurrency: string, reference: ReferenceData): string | null {
  if (rail !== "SWIFT") return null;
  const credit = (request.instructedAmount as { currency: string }).currency;
  return credit === debitCurrency ? null : reference.rate(debitCurrency, credit);
}

/** The quote the API would give now; compared with the maker's. */
export function currentQuote(row: DraftRow, debitCurrency: string | null, reference: ReferenceData, now: Date): TQuote {
  const settlementDate = row.rail === "ACH" ? achSettlementDate(now, reference.holidays, reference.achCutoff) : swiftSettlementDate(now, reference.holidays);
  return { settlementDate, exchangeRate: debitCurrency ? quotedRate(row.rail, row.request, debitCurrency, reference) : row.exchange_rate };
}

export function toDraft(row: DraftRow, decisions: readonly DecisionRow[], viewer: Viewer, now: Date, current: TQuote | null): TDraft {
  const status = effectiveStatus(row, now);
  const quote = { settlementDate: row.settlement_date, exchangeRate: row.exchange_rate };
  const decided = decisions.some((d) => d.user_id === viewer.userId);
  const changed = current && status === "AwaitingApproval" && (current.settlementDate !== quote.settlementDate || current.exchangeRate !== quote.exchangeRate);
  return {
    draftId: row.draft_id,
    rail: row.rail,
    status,
    request: row.request,
    amount: { amount: formatAmount(BigInt(row.amount_minor), row.currency), currency: row.currency },
    debtorAccount: row.debtor_account,
    beneficiary: row.beneficiary,
    maker: { userId: row.maker_id, name: row.maker_name, email: row.maker_email },
    createdAt: row.created_at.toISOString(),
    nextBusinessDay: row.next_business_day,
    expiresAt: row.expires_at.toISOString(),
    approvalsRequired: row.approvals_required,
    quote,
    currentQuote: changed ? current : null,
    decisions: decisions.map((d) => ({
      by: { userId: d.user_id, name: d.name, email: d.email },
      decision: d.decision,
      comment: d.comment,
      decidedAt: d.decided_at.toISOString(),
    })),
    paymentId: row.payment_id,
    refusal: row.refusal,
    canApprove: status === "AwaitingApproval" && canApprove(viewer.role) && row.maker_id !== viewer.userId && !decided,
  };
}
