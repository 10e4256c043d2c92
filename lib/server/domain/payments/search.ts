import "server-only";
import { formatAmount } from "@/lib/contract/money";
import type { TPaymentSearchQuery, TPaymentSummary } from "@/lib/contract/payments/search";
import type { Queryable } from "@/lib/server/core/db/types";
import { snapshotList } from "@/lib/server/core/lists/list";
import { fetchPaymentSearch, findPaymentSummary, summarizePaymentSearch, type PaymentSummaryRow } from "@/lib/server/domain/payments/search-repo";
import { toPaymentStatusRecord } from "@/lib/server/domain/payments/serialize";
import { isPaymentId, paymentNotFound } from "@/lib/server/domain/payments/service";

/** Field by field, like every response: a new column or details field never leaks. */
export function toPaymentSummary(row: PaymentSummaryRow): TPaymentSummary {
  const creditor = row.details.creditorAccount;
  const bank = row.details.beneficiaryAgent;
  return {
    ...toPaymentStatusRecord(row),
    debtorAccount: { identification: row.debtor_account_number },
    beneficiary: { name: creditor.name, accountIdentification: creditor.identification, bankIdentification: bank.identification, bankName: bank.name },
    submittedAt: row.created_at.toISOString(),
    submittedBy: row.submitted_by_email ? { email: row.submitted_by_email } : null,
    approvedBy: (row.details.approvedBy ?? []).map((a) => ({ email: a.email, decidedAt: a.decidedAt })),
    counterpartyId: row.details.counterpartyId ?? null,
    chargesType: row.charges_type,
    charges: { currency: row.debit_currency, amount: formatAmount(BigInt(row.charge_minor), row.debit_currency) },
    totalDebited: { currency: row.debit_currency, amount: formatAmount(BigInt(row.debit_minor) + BigInt(row.charge_minor), row.debit_currency) },
  };
}

/** GET /v1/payments: the token binds every filter, so a changed search must start again (decisions §4). */
export function listPaymentsPage(db: Queryable, clientId: string, query: TPaymentSearchQuery, secret: string) {
  const { pageStart, pageSize, pageToken, ...filters } = query;
  const binding = { clientId, endpoint: "GET /v1/payments", filters };
  return snapshotList(
    secret,
    binding,
    { pageStart, pageSize, pageToken },
    {
      summarize: () => summarizePaymentSearch(db, clientId, filters),
      fetch: async (window) => (await fetchPaymentSearch(db, clientId, filters, window)).map((r) => ({ item: toPaymentSummary(r), at: r.page_at })),
    },
  );
}

export async function getPaymentSummaryOrThrow(db: Queryable, clientId: string, paymentId: string): Promise<{ data: TPaymentSummary }> {
  const row = isPaymentId(paymentId) ? await findPaymentSummary(db, clientId, paymentId) : null;
  if (!row) throw paymentNotFound(paymentId);
  return { data: toPaymentSummary(row) };
}
