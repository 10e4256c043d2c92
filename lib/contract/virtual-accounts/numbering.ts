/**
 * Virtual account numbers (docs/virtual-accounts.md): `88` + a 9-digit
 * sequence number + one Luhn check digit, 12 digits in all. The sequence is a
 * single PostgreSQL sequence shared by every client, so numbers are unique
 * bank-wide; the check digit lets a typo (any single digit, most adjacent
 * swaps) be caught before a deposit is misrouted.
 */
export const NUMBER_PREFIX = "88";
const SEQUENCE_DIGITS = 9;
const MAX_SEQUENCE = 10 ** SEQUENCE_DIGITS - 1;

/** The Luhn (ISO/IEC 7812-1 annex B) check digit of a string of digits. */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  // Double every second digit from the right of the payload (the check digit will sit right of it).
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export function virtualAccountNumber(sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1 || sequence > MAX_SEQUENCE) {
    throw new RangeError(`virtual account sequence ${sequence} is outside 1..${MAX_SEQUENCE}`);
  }
  const payload = NUMBER_PREFIX + String(sequence).padStart(SEQUENCE_DIGITS, "0");
  return payload + String(luhnCheckDigit(payload));
}

/** Whether text has the shape and a correct check digit; anything else cannot be one of ours. */
export function isVirtualAccountNumber(text: string): boolean {
  if (!/^88\d{10}$/.test(text)) return false;
  return luhnCheckDigit(text.slice(0, -1)) === Number(text.slice(-1));
}
