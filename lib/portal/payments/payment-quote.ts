import { AmountError, formatAmount, parseAmount } from "@/lib/contract/money";
import { creditForDebit, normalizeRate, swiftChargeMinor, type ChargesType } from "@/lib/contract/payments/pricing";

/**
 * The SWIFT and transfer forms' preview of what the bank will do: the same pure
 * functions the payment service prices with (lib/contract/payments/pricing), fed
 * with the rate table the page was rendered with. The bank's answer is what counts; the
 * preview only shows it before the button is pressed.
 */

import type { FxRate } from "@/lib/contract/payments/reference";

export type { FxRate };

/** A fixed debit and what it becomes in the credit currency: the conversion part of every quote (SWIFT and internal transfers). */
export type Conversion = {
  debitCurrency: string;
  creditCurrency: string;
  /** The principal debited (the typed amount, exact). */
  debit: string;
  /** What the beneficiary is sent, before any charges on their side. */
  credit: string;
  /** Null for a same-currency payment. */
  rate: string | null;
};

export type SwiftQuote = Conversion & {
  charge: string;
  /** Principal plus charge: what leaves the account. */
  totalDebit: string;
};

export type QuoteInput = { accountCurrency: string; creditCurrency: string; amount: string; chargesType: ChargesType; rates: readonly FxRate[] };

export type QuoteResult = { ok: true; quote: SwiftQuote } | { ok: false; reason: "amount" | "no-rate" | "too-small" };

export function findRate(rates: readonly FxRate[], from: string, to: string): string | null {
  return rates.find((r) => r.from === from && r.to === to)?.rate ?? null;
}

/** Currencies a SWIFT payment from an account in `accountCurrency` can be sent in: its own and every configured target. */
export function swiftCurrencies(accountCurrency: string, rates: readonly FxRate[]): string[] {
  const targets = rates.filter((r) => r.from === accountCurrency && r.to !== accountCurrency).map((r) => r.to);
  return [accountCurrency, ...[...new Set(targets)].sort()];
}

type ConversionInput = { debitCurrency: string; creditCurrency: string; amount: string; rates: readonly FxRate[] };

type ConversionResult = { ok: true; conversion: Conversion; debitMinor: bigint } | { ok: false; reason: "amount" | "no-rate" | "too-small" };

/** The typed debit converted at the table rate, rounded once (as the payment service does); same currency: no rate. */
export function conversionQuote({ debitCurrency, creditCurrency, amount, rates }: ConversionInput): ConversionResult {
  let debitMinor: bigint;
  try {
    debitMinor = parseAmount(amount.trim(), debitCurrency);
  } catch (error) {
    if (error instanceof AmountError) return { ok: false, reason: "amount" };
    throw error;
  }
  if (debitMinor <= 0n) return { ok: false, reason: "amount" };
  let rate: string | null = null;
  let creditMinor = debitMinor;
  if (creditCurrency !== debitCurrency) {
    const tableRate = findRate(rates, debitCurrency, creditCurrency);
    if (tableRate === null) return { ok: false, reason: "no-rate" };
    rate = normalizeRate(tableRate);
    creditMinor = creditForDebit(debitMinor, rate, debitCurrency, creditCurrency);
    if (creditMinor <= 0n) return { ok: false, reason: "too-small" };
  }
  return {
    ok: true,
    debitMinor,
    conversion: { debitCurrency, creditCurrency, debit: formatAmount(debitMinor, debitCurrency), credit: formatAmount(creditMinor, creditCurrency), rate },
  };
}

export function swiftQuote({ accountCurrency, creditCurrency, amount, chargesType, rates }: QuoteInput): QuoteResult {
  const converted = conversionQuote({ debitCurrency: accountCurrency, creditCurrency, amount, rates });
  if (!converted.ok) return converted;
  const chargeMinor = swiftChargeMinor(chargesType, accountCurrency);
  return {
    ok: true,
    quote: {
      ...converted.conversion,
      charge: formatAmount(chargeMinor, accountCurrency),
      totalDebit: formatAmount(converted.debitMinor + chargeMinor, accountCurrency),
    },
  };
}
