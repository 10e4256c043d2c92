import "server-only";
import type { TTransaction, TTransactionKind } from "@/lib/contract/ledger/schema";
import { formatAmount } from "@/lib/contract/money";
import type { StatementFormat } from "@/lib/server/domain/ledger/statements/format";

/**
 * SWIFT MT940 customer statement (docs/ledger.md): :20: reference, :25:
 * account, :28C: statement number, :60F: opening balance, one :61: and :86:
 * per entry, :62F: closing booked balance, :64: closing available balance
 * (pending debits deducted), `-` closing the message. Text is cut to
 * the SWIFT X character set and field lengths (:86: 6 lines of 65).
 */
const KIND_CODE: Record<TTransactionKind, string> = {
  ACH: "NTRF",
  SWIFT: "NTRF",
  InternalTransfer: "NTRF",
  FX: "NFEX",
  Deposit: "NTRF",
  Charge: "NCHG",
  Reversal: "NRTI",
  OpeningBalance: "NMSC",
  Adjustment: "NMSC",
};

/** The SWIFT X set: letters, digits, space and / - ? : ( ) . , ' +. */
const swiftText = (text: string) =>
  text
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/**
 * A reference field (16x: :20:, the account owner's reference in :61:): SWIFT
 * forbids one that starts or ends with `/` or holds `//`, which is how a
 * parser finds the bank's reference after it.
 */
const swiftReference = (text: string) =>
  swiftText(text)
    .replace(/\/{2,}/g, "/")
    .replace(/^\/+|\/+$/g, "")
    .replace(/ /g, "")
    .slice(0, 16)
    .replace(/\/+$/, "");

/**
 * Cuts narrative into lines of at most `width` for a field's continuation
 * lines. A line that would begin with `:` (a tag to an importer: a forged
 * `:61:` entry or `:62F:` closing balance) or with `-` (the end of the message)
 * starts with a space instead: the text is the payer's or the maker's, and
 * must never become structure.
 */
function narrativeLines(text: string, width: number, max: number): string[] {
  const lines: string[] = [];
  let rest = text;
  while (rest !== "" && lines.length < max) {
    const first = lines.length === 0;
    const unsafe = !first && /^[:-]/.test(rest);
    const take = unsafe ? width - 1 : width;
    lines.push((unsafe ? " " : "") + rest.slice(0, take));
    rest = rest.slice(take);
  }
  return lines;
}

/** YYMMDD of a YYYY-MM-DD date. */
const yymmdd = (date: string) => date.slice(2, 4) + date.slice(5, 7) + date.slice(8, 10);

/** Amounts with a decimal comma, no thousands separator, no sign (the mark says which way). */
const swiftAmount = (minor: bigint, currency: string) => formatAmount(minor < 0n ? -minor : minor, currency).replace(".", ",");

function balance(tag: "60F" | "62F" | "64", minor: bigint, date: string, currency: string): string {
  return `:${tag}:${minor < 0n ? "D" : "C"}${yymmdd(date)}${currency}${swiftAmount(minor, currency)}\r\n`;
}

function details(t: TTransaction): string {
  const parts = [
    t.kind,
    t.returnReason ? `RTRN ${t.returnReason.code} ${t.returnReason.description}` : "",
    t.counterparty?.name ? `NAME ${t.counterparty.name}` : "",
    t.counterparty?.accountNumber ? `ACCT ${t.counterparty.accountNumber}` : "",
    t.references.instructionIdentification ? `EREF ${t.references.instructionIdentification}` : "",
    t.references.payerReference ? `PREF ${t.references.payerReference}` : "",
    ...t.remittanceInformation,
  ]
    .map(swiftText)
    .filter((p) => p !== "");
  return `:86:${narrativeLines(parts.join(" "), 65, 6).join("\r\n")}\r\n`;
}

export const mt940Statement: StatementFormat = {
  contentType: "text/plain; charset=us-ascii",
  extension: "mt940",
  header: (meta) =>
    `:20:${swiftReference(meta.statementId) || "NONREF"}\r\n:25:${meta.accountNumber}\r\n:28C:00001/001\r\n` +
    balance("60F", meta.openingMinor, meta.fromDate, meta.currency),
  entry: (t) => {
    // A reversal carries RD (a debit reversed: money back in) or RC (a credit reversed), so an importer matches it to what it undoes.
    const mark = t.kind === "Reversal" ? (t.type === "Credit" ? "RD" : "RC") : t.type === "Credit" ? "C" : "D";
    // Reference for the account owner (16x): the instructionIdentification, else NONREF; the bank's: the posting id.
    const ownerRef = swiftReference(t.references.instructionIdentification ?? "") || "NONREF";
    const bookingDate = t.bookingDateTime.slice(0, 10);
    return (
      `:61:${yymmdd(t.valueDate)}${bookingDate.slice(5, 7)}${bookingDate.slice(8, 10)}${mark}${t.amount.amount.replace(".", ",")}` +
      `${KIND_CODE[t.kind]}${ownerRef}//${t.transactionId.slice(0, 16)}\r\n` +
      details(t)
    );
  },
  footer: (meta) =>
    `${balance("62F", meta.closingMinor, meta.toDate, meta.currency)}${balance("64", meta.closingAvailableMinor, meta.toDate, meta.currency)}-\r\n`,
};
