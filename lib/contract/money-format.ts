import { CURRENCY_EXPONENTS } from "@/lib/contract/money";
import { normalizeRate } from "@/lib/contract/payments/pricing";

/**
 * Display formatting of wire amounts (decimal strings). Intl formats the
 * string itself, exactly, so no amount ever passes through a binary float.
 */

const formatters = new Map<string, Intl.NumberFormat>();

export function exponentOf(currency: string): number {
  return Object.hasOwn(CURRENCY_EXPONENTS, currency) ? (CURRENCY_EXPONENTS[currency] ?? 2) : 2;
}

function formatter(currency: string, withCode: boolean): Intl.NumberFormat {
  const key = `${currency}:${withCode}`;
  let cached = formatters.get(key);
  if (!cached) {
    const digits = exponentOf(currency);
    cached = new Intl.NumberFormat("en-US", {
      ...(withCode ? { style: "currency", currency, currencyDisplay: "code" } : {}),
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, cached);
  }
  return cached;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** `"250000.00"` -> `"250,000.00"`; text that is not a decimal is shown as sent. */
export function formatAmount(amount: string, currency: string): string {
  return DECIMAL.test(amount) ? formatter(currency, false).format(amount as `${number}`) : amount;
}

/** `"250000.00", "USD"` -> `"USD 250,000.00"`: the code, because USD and BMD share the `$` sign. */
export function formatMoney(amount: string, currency: string): string {
  return DECIMAL.test(amount) ? formatter(currency, true).format(amount as `${number}`) : `${currency} ${amount}`;
}

/** Decimal text to integer minor units, exactly. */
export function toMinor(amount: string, currency: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount);
  if (!match) throw new RangeError(`not a decimal amount: ${amount}`);
  const digits = exponentOf(currency);
  const fraction = (match[3] ?? "").padEnd(digits, "0").slice(0, digits);
  const minor = BigInt(`${match[2]}${fraction}`);
  return match[1] === "-" ? -minor : minor;
}

/** Integer minor units back to decimal text with the currency's decimals. */
export function fromMinor(minor: bigint, currency: string): string {
  const digits = exponentOf(currency);
  const negative = minor < 0n;
  const text = (negative ? -minor : minor).toString().padStart(digits + 1, "0");
  const whole = text.slice(0, text.length - digits);
  const fraction = digits > 0 ? `.${text.slice(text.length - digits)}` : "";
  return `${negative ? "-" : ""}${whole}${fraction}`;
}

/** `"0.9215000000", "USD", "EUR"` -> `"1 USD = 0.9215 EUR"`: one style for a rate everywhere (issue 24). */
export function formatRate(rate: string, from: string, to: string): string {
  return `1 ${from} = ${normalizeRate(rate)} ${to}`;
}
