import type { TTransactionKind } from "@/lib/contract/ledger/schema";

/**
 * Words for the API's enum values on screen (issue 24, item 7: no
 * `OpeningBalance`, no `InProgress`). A value with a chosen label uses it;
 * any other is split into words, so a value added to the API later still
 * reads as words.
 */
export function humanize(value: string): string {
  const words = value
    .replace(/[_-]+/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .trim()
    .toLowerCase();
  // An acronym stays upper case (ACH, SWIFT, FX); the first word is capitalised.
  const acronyms = new Set(value.match(/\b[A-Z]{2,}\b|[A-Z]{2,}(?=[A-Z][a-z]|$)/g)?.map((a) => a.toLowerCase()) ?? []);
  return words
    .split(" ")
    .map((w, i) => (acronyms.has(w) ? w.toUpperCase() : i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w))
    .join(" ");
}

export const TRANSACTION_KIND_LABELS: Readonly<Record<TTransactionKind, string>> = {
  ACH: "ACH payment",
  SWIFT: "SWIFT payment",
  InternalTransfer: "Transfer",
  Deposit: "Deposit",
  Charge: "Charge",
  FX: "FX conversion",
  Reversal: "Reversal",
  OpeningBalance: "Opening balance",
  Adjustment: "Adjustment",
};
