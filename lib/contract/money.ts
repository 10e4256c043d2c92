/**
 * Money as integer minor units (bigint) inside the service and decimal strings
 * on the wire (decisions §4). Binary floating point never touches an amount:
 * numbers from JSON are read through their shortest decimal text, so `0.1`
 * is exactly ten cents and `0.1 + 0.2` is rejected rather than rounded.
 */

/** ISO 4217 minor-unit exponents for the currencies the bank handles. */
export const CURRENCY_EXPONENTS: Readonly<Record<string, number>> = Object.freeze({
  USD: 2,
  BMD: 2,
  EUR: 2,
  GBP: 2,
  CAD: 2,
  CHF: 2,
  KYD: 2,
  JPY: 0,
  BHD: 3,
});

/**
 * Below Number.MAX_SAFE_INTEGER (so a minor amount survives any JS number
 * round trip) and far below PostgreSQL bigint.
 */
export const MAX_MINOR_UNITS = 9_000_000_000_000_000n;

/** Longest accepted amount text, leading zeros included. */
export const MAX_AMOUNT_LENGTH = 18;

/** Rates come from the treasury feed with at most this many decimals. */
const MAX_RATE_DECIMALS = 10;

export type AmountErrorReason =
  "NOT_A_NUMBER" | "EMPTY" | "TOO_LONG" | "NEGATIVE" | "EXPONENT" | "INVALID_FORMAT" | "TOO_MANY_DECIMALS" | "TOO_LARGE" | "UNKNOWN_CURRENCY" | "INVALID_RATE";

/**
 * A client-facing amount problem. The message is written for the API
 * consumer; `reason` lets a handler map it to an error detail code.
 */
export class AmountError extends Error {
  readonly reason: AmountErrorReason;

  constructor(reason: AmountErrorReason, message: string) {
    super(message);
    this.name = "AmountError";
    this.reason = reason;
  }
}

/** Currency codes are matched exactly: `usd` is not an ISO 4217 code. */
export function minorUnits(currency: string): number {
  const exponent = Object.hasOwn(CURRENCY_EXPONENTS, currency) ? CURRENCY_EXPONENTS[currency] : undefined;
  if (exponent === undefined) throw new AmountError("UNKNOWN_CURRENCY", `Unsupported currency "${currency}"`);
  return exponent;
}

/**
 * Parses a request amount into minor units of `currency`.
 *
 * Accepts a non-negative decimal string with digits on both sides of an
 * optional point (leading zeros allowed) or a JSON number whose shortest
 * decimal text has that form. The number of decimals written must not exceed
 * the currency's exponent, even when the extra digits are zeros: `"1.000"` in
 * USD is refused like `"1.001"`, since the client asked for a precision the
 * currency does not have.
 *
 * @throws AmountError with a message suitable for a 400 response.
 */
export function parseAmount(input: string | number, currency: string): bigint {
  return parseDecimal(input, minorUnits(currency));
}

/**
 * Whether `input` is an amount `parseAmount` would accept for a currency with
 * `maxDecimals` minor digits; for schema refinements that run before the
 * currency is known to be supported.
 */
export function isValidAmountFormat(input: unknown, maxDecimals: number): boolean {
  assertExponent(maxDecimals);
  if (typeof input !== "string" && typeof input !== "number") return false;
  try {
    parseDecimal(input, maxDecimals);
    return true;
  } catch (err) {
    if (err instanceof AmountError) return false;
    throw err;
  }
}

/** Wire form of an amount: always exactly the currency's number of decimals. */
export function formatAmount(minor: bigint, currency: string): string {
  const exponent = minorUnits(currency);
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(exponent + 1, "0");
  const whole = digits.slice(0, digits.length - exponent);
  const fraction = digits.slice(digits.length - exponent);
  return `${negative ? "-" : ""}${whole}${exponent > 0 ? `.${fraction}` : ""}`;
}

/** Exists so callers never reach for `Number` arithmetic on amounts. */
export function addMinor(a: bigint, b: bigint): bigint {
  return a + b;
}

/**
 * Converts `minor` units of `fromCurrency` into minor units of `toCurrency`
 * at `rate` (units of `toCurrency` per one unit of `fromCurrency`, a decimal
 * string with up to 10 decimals).
 *
 * The exact product is computed in bigint and rounded once, half to even
 * (banker's rounding, IEEE 754 roundTiesToEven): a result exactly halfway
 * between two minor units goes to the even one, so rounding over many
 * conversions does not drift in either direction. Rounding is symmetric
 * around zero, so a negative amount converts to the negation of its
 * positive counterpart.
 */
export function convertMinor(minor: bigint, rate: string, fromCurrency: string, toCurrency: string): bigint {
  const fromExponent = minorUnits(fromCurrency);
  const toExponent = minorUnits(toCurrency);
  const match = /^(\d+)(?:\.(\d+))?$/.exec(rate);
  const rateWhole = match?.[1];
  const rateFraction = match?.[2] ?? "";
  if (rateWhole === undefined || rateFraction.length > MAX_RATE_DECIMALS) {
    throw new AmountError("INVALID_RATE", `Exchange rate "${rate}" must be a decimal with at most ${MAX_RATE_DECIMALS} decimals`);
  }
  const rateScaled = BigInt(rateWhole + rateFraction);
  if (rateScaled === 0n) throw new AmountError("INVALID_RATE", "Exchange rate must be greater than zero");

  // result = minor / 10^from * rateScaled / 10^rateDecimals * 10^to
  const numerator = (minor < 0n ? -minor : minor) * rateScaled * 10n ** BigInt(toExponent);
  const denominator = 10n ** BigInt(fromExponent + rateFraction.length);
  let quotient = numerator / denominator;
  const twiceRemainder = (numerator % denominator) * 2n;
  if (twiceRemainder > denominator || (twiceRemainder === denominator && quotient % 2n === 1n)) quotient += 1n;
  return minor < 0n ? -quotient : quotient;
}

function parseDecimal(input: string | number, maxDecimals: number): bigint {
  const text = amountText(input);

  if (text.length === 0) throw new AmountError("EMPTY", "Amount must not be empty");
  if (text.startsWith("-")) throw new AmountError("NEGATIVE", "Amount must not be negative");
  if (/[eE]/.test(text)) throw new AmountError("EXPONENT", "Amount must be a plain decimal, not exponent notation");

  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  const whole = match?.[1];
  const fraction = match?.[2] ?? "";
  if (whole === undefined) {
    throw new AmountError("INVALID_FORMAT", 'Amount must be a plain decimal number such as "12.50"');
  }
  if (fraction.length > maxDecimals) {
    throw new AmountError(
      "TOO_MANY_DECIMALS",
      maxDecimals === 0 ? "Amount must be a whole number for this currency" : `Amount must have at most ${maxDecimals} decimal places for this currency`,
    );
  }

  // Checked after the decimals so that a float artefact like 0.1 + 0.2
  // (0.30000000000000004) is reported as the precision problem it is.
  if (text.length > MAX_AMOUNT_LENGTH) {
    throw new AmountError("TOO_LONG", `Amount must be at most ${MAX_AMOUNT_LENGTH} characters`);
  }

  const minor = BigInt(whole + fraction.padEnd(maxDecimals, "0"));
  if (minor > MAX_MINOR_UNITS) throw new AmountError("TOO_LARGE", "Amount is too large");
  return minor;
}

function amountText(input: string | number): string {
  if (typeof input === "string") return input;
  if (Number.isNaN(input)) throw new AmountError("NOT_A_NUMBER", "Amount must be a number");
  if (!Number.isFinite(input)) throw new AmountError("NOT_A_NUMBER", "Amount must be finite");
  // String(-0) is "0", which would hide the sign the client sent.
  if (Object.is(input, -0)) return "-0";
  return String(input);
}

function assertExponent(maxDecimals: number): void {
  if (!Number.isInteger(maxDecimals) || maxDecimals < 0 || maxDecimals > 18) {
    throw new RangeError(`maxDecimals must be an integer in 0..18, got ${maxDecimals}`);
  }
}
