import { convertMinor, parseAmount } from "@/lib/contract/money";

/**
 * FX and charges arithmetic: bigint minor units only, one rounding per
 * conversion (half-even, lib/money convertMinor). See docs/payments.md.
 */

export type ChargesType = "OUR" | "BEN" | "SHA";

/**
 * Flat SWIFT fee debited from the debtor account, in its currency (USD and
 * BMD both have two decimals). OUR: the sender pays ours and the
 * correspondents' fees; SHA: the sender pays ours only; BEN: the beneficiary
 * pays everything, deducted on the receiving side, so nothing is debited here.
 */
export const SWIFT_FEES: Readonly<Record<ChargesType, string>> = Object.freeze({ OUR: "35.00", SHA: "15.00", BEN: "0.00" });

export function swiftChargeMinor(chargesType: ChargesType, debitCurrency: string): bigint {
  return parseAmount(SWIFT_FEES[chargesType], debitCurrency);
}

/** `0.9215000000` -> `0.9215`, `1.0000000000` -> `1`: the wire form of a rate. */
export function normalizeRate(rate: string): string {
  return rate.includes(".") ? rate.replace(/0+$/, "").replace(/\.$/, "") : rate;
}

/**
 * The credit for a fixed debit: debitMinor of `from` at `rate` (units of `to`
 * per unit of `from`), rounded half to even once.
 */
export function creditForDebit(debitMinor: bigint, rate: string, from: string, to: string): bigint {
  return from === to ? debitMinor : convertMinor(debitMinor, rate, from, to);
}
