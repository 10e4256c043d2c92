import "server-only";
import { csvLine } from "@/lib/contract/csv";
import { formatAmount } from "@/lib/contract/money";
import type { StatementFormat, StatementMeta } from "@/lib/server/domain/ledger/statements/format";

/**
 * CSV statement: one header row, an `opening` row, one `entry` row per
 * posting (oldest first) and a `closing` row; RFC 4180 quoting and the
 * formula guard of decisions §4 (lib/contract/csv.ts, one row at a time).
 */
const COLUMNS = [
  "record",
  "booking_date_time",
  "value_date",
  "transaction_id",
  "type",
  "kind",
  "amount",
  "currency",
  "balance_after",
  "counterparty_name",
  "counterparty_account",
  "payment_id",
  "instruction_identification",
  "payer_reference",
  "reference",
  "remittance_information",
  "return_reason",
] as const;
type Row = Partial<Record<(typeof COLUMNS)[number], string | null>>;

const HEADER = `${COLUMNS.join(",")}\r\n`;

/** The data line of one row, quoted and guarded as every CSV of the API is. */
function line(row: Row): string {
  return csvLine(COLUMNS.map((c) => row[c] ?? null));
}

function balanceRow(record: "opening" | "closing", minor: bigint, meta: StatementMeta): string {
  const date = record === "opening" ? meta.fromDate : meta.toDate;
  return line({ record, value_date: date, currency: meta.currency, balance_after: formatAmount(minor, meta.currency) });
}

export const csvStatement: StatementFormat = {
  contentType: "text/csv; charset=utf-8",
  extension: "csv",
  header: (meta) => HEADER + balanceRow("opening", meta.openingMinor, meta),
  entry: (t) =>
    line({
      record: "entry",
      booking_date_time: t.bookingDateTime,
      value_date: t.valueDate,
      transaction_id: t.transactionId,
      type: t.type,
      kind: t.kind,
      amount: t.amount.amount,
      currency: t.amount.currency,
      balance_after: t.balanceAfter.amount,
      counterparty_name: t.counterparty?.name ?? null,
      counterparty_account: t.counterparty?.accountNumber ?? null,
      payment_id: t.references.paymentId,
      instruction_identification: t.references.instructionIdentification,
      payer_reference: t.references.payerReference,
      reference: t.references.reference,
      remittance_information: t.remittanceInformation.join(" / ") || null,
      return_reason: t.returnReason ? `${t.returnReason.code} ${t.returnReason.description}` : null,
    }),
  footer: (meta) => balanceRow("closing", meta.closingMinor, meta),
};
