import "server-only";
import type { TPosting } from "@/lib/server/domain/ledger/entry";

/**
 * The postings of a payment (docs/ledger.md, Entries): one entry holds the
 * debit of the principal, the charge and, when converted, both FX legs.
 *
 * - ACH: client −principal, ACH clearing +principal.
 * - SWIFT, same currency: client −principal, SWIFT nostro +principal.
 * - SWIFT, converted: client −principal, FX position (debit currency) +principal,
 *   FX position (credit currency) −credited, SWIFT nostro (credit currency) +credited.
 * - Internal transfer: debtor −principal, creditor +credited, and the two FX
 *   position legs when the accounts' currencies differ.
 * - A charge: client −charge, fee income +charge.
 *
 * A Failed or Reversed payment's return is the same postings negated.
 */
export type PaymentMovement = {
  rail: "ACH" | "SWIFT" | "INTERNAL";
  debtorAccountId: string;
  debitCurrency: string;
  debitMinor: bigint;
  creditCurrency: string;
  creditMinor: bigint;
  chargeMinor: bigint;
  /** Internal transfers only. */
  creditorAccountId: string | null;
};

const posting = (
  account: { accountId: string } | { bankAccount: Extract<TPosting, { bankAccount: string }>["bankAccount"] },
  amount: bigint,
  currency: string,
  kind: string,
): TPosting => ({ ...account, amountMinor: amount.toString(), currency, kind }) as TPosting;

export function paymentPostings(m: PaymentMovement): TPosting[] {
  const kind = m.rail === "INTERNAL" ? "transfer" : "payment";
  const postings = [posting({ accountId: m.debtorAccountId }, -m.debitMinor, m.debitCurrency, kind)];
  const converted = m.creditCurrency !== m.debitCurrency;
  if (converted) {
    postings.push(
      posting({ bankAccount: "fx_position" }, m.debitMinor, m.debitCurrency, kind),
      posting({ bankAccount: "fx_position" }, -m.creditMinor, m.creditCurrency, kind),
    );
  }
  if (m.rail === "INTERNAL") {
    if (!m.creditorAccountId) throw new Error("ledger: an internal transfer needs its creditor account");
    postings.push(posting({ accountId: m.creditorAccountId }, m.creditMinor, m.creditCurrency, kind));
  } else {
    const clearing = m.rail === "ACH" ? "ach_clearing" : "swift_nostro";
    postings.push(posting({ bankAccount: clearing }, m.creditMinor, m.creditCurrency, kind));
  }
  if (m.chargeMinor > 0n) {
    postings.push(
      posting({ accountId: m.debtorAccountId }, -m.chargeMinor, m.debitCurrency, "payment_charge"),
      posting({ bankAccount: "fee_income" }, m.chargeMinor, m.debitCurrency, "payment_charge"),
    );
  }
  return postings;
}
