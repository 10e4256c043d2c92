import Papa from "papaparse";
import type { TPaymentSummary } from "@/lib/contract/payments/search";
import { normalizeRate } from "@/lib/contract/payments/pricing";
import { bankLocalParts, bankTimeNow } from "@/lib/contract/time/bank-time";
import { FORMULA_CELL } from "@/lib/portal/accounts/accounts-export";

/** The spreadsheet's columns: one row per payment, named for people, amounts as the API's decimal strings. */
const COLUMNS: ReadonlyArray<readonly [string, (p: TPaymentSummary) => string]> = [
  ["payment_id", (p) => p.transactionId],
  // Bank time with its offset, like the statements (issue 24), not the API's UTC instant.
  ["submitted_at", (p) => bankTimeNow(new Date(p.submittedAt)).timestamp],
  ["submitted_by", (p) => p.submittedBy?.email ?? ""],
  ["approved_by", (p) => p.approvedBy.map((a) => a.email).join(" / ")],
  ["rail", (p) => p.type],
  ["status", (p) => p.status],
  ["debit_account", (p) => p.debtorAccount.identification],
  ["debit_currency", (p) => p.debitAmount.currency],
  ["debit_amount", (p) => p.debitAmount.amount],
  ["credit_currency", (p) => p.creditAmount.currency],
  ["credit_amount", (p) => p.creditAmount.amount],
  ["exchange_rate", (p) => (p.exchangeRate ? normalizeRate(p.exchangeRate) : "")],
  ["charges_type", (p) => p.chargesType ?? ""],
  ["charge_amount", (p) => p.charges.amount],
  ["total_debited", (p) => p.totalDebited.amount],
  ["beneficiary_name", (p) => p.beneficiary.name],
  ["beneficiary_account", (p) => p.beneficiary.accountIdentification],
  ["beneficiary_bank", (p) => p.beneficiary.bankIdentification ?? ""],
  ["beneficiary_bank_name", (p) => p.beneficiary.bankName ?? ""],
  ["instruction_identification", (p) => p.externalReference ?? ""],
  ["remittance_information", (p) => p.remittanceInformation.join(" / ")],
  ["value_date", (p) => p.valueDate],
];

/** UTF-8 BOM is added by the caller's Blob; CRLF rows, RFC 4180 quoting, formula cells defused (decisions §4). */
export function paymentsToCsv(payments: readonly TPaymentSummary[]): string {
  return Papa.unparse(
    { fields: COLUMNS.map(([name]) => name), data: payments.map((p) => COLUMNS.map(([, cell]) => cell(p))) },
    { escapeFormulae: FORMULA_CELL, newline: "\r\n", header: true },
  );
}

export function paymentsFileName(clientId: string, now: Date = new Date()): string {
  return `harbour-payments-${clientId.replace(/[^A-Za-z0-9_-]+/g, "-")}-${bankLocalParts(now).date}.csv`;
}
