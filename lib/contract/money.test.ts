import { describe, it, expect } from "vitest";
import fc from "fast-check";
import {
  AmountError,
  CURRENCY_EXPONENTS,
  MAX_MINOR_UNITS,
  addMinor,
  convertMinor,
  formatAmount,
  isValidAmountFormat,
  minorUnits,
  parseAmount,
} from "@/lib/contract/money";

function amountError(fn: () => unknown): AmountError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AmountError);
    const amountErr = err as AmountError;
    expect(amountErr.message.length).toBeGreaterThan(0);
    return amountErr;
  }
  throw new Error("expected an AmountError, nothing was thrown");
}

describe("minorUnits", () => {
  it("knows the ISO 4217 exponents of the supported currencies", () => {
    expect(CURRENCY_EXPONENTS).toEqual({ USD: 2, BMD: 2, EUR: 2, GBP: 2, CAD: 2, CHF: 2, KYD: 2, JPY: 0, BHD: 3 });
    expect(minorUnits("USD")).toBe(2);
    expect(minorUnits("JPY")).toBe(0);
    expect(minorUnits("BHD")).toBe(3);
  });

  it("throws for an unknown currency, a lower-case code, or an Object prototype key", () => {
    for (const code of ["XXX", "usd", "", "toString", "__proto__"]) {
      expect(amountError(() => minorUnits(code)).reason).toBe("UNKNOWN_CURRENCY");
    }
  });
});

describe("parseAmount", () => {
  it("accepts decimal strings with up to the currency's decimals", () => {
    expect(parseAmount("12", "USD")).toBe(1200n);
    expect(parseAmount("12.5", "USD")).toBe(1250n);
    expect(parseAmount("12.50", "USD")).toBe(1250n);
    expect(parseAmount("0.01", "USD")).toBe(1n);
    expect(parseAmount("0", "USD")).toBe(0n);
  });

  it("accepts leading zeros (00012.30 -> 1230n)", () => {
    expect(parseAmount("00012.30", "USD")).toBe(1230n);
  });

  it("reads numbers through their shortest decimal text, not their binary value", () => {
    expect(parseAmount(12, "USD")).toBe(1200n);
    expect(parseAmount(12.5, "USD")).toBe(1250n);
    expect(parseAmount(0.1, "USD")).toBe(10n);
    expect(parseAmount(0.3, "USD")).toBe(30n);
    expect(parseAmount(1.15, "USD")).toBe(115n);
    expect(parseAmount(4.35, "USD")).toBe(435n);
  });

  it("rejects floating-point artefacts such as 0.1 + 0.2 instead of rounding them", () => {
    expect(amountError(() => parseAmount(0.1 + 0.2, "USD")).reason).toBe("TOO_MANY_DECIMALS");
  });

  it("rejects more decimals than the currency allows, even trailing zeros", () => {
    expect(amountError(() => parseAmount("1.001", "USD")).reason).toBe("TOO_MANY_DECIMALS");
    expect(amountError(() => parseAmount("1.000", "USD")).reason).toBe("TOO_MANY_DECIMALS");
    expect(amountError(() => parseAmount(1.005, "USD")).reason).toBe("TOO_MANY_DECIMALS");
  });

  it("handles exponent-0 currencies: JPY amounts are whole numbers", () => {
    expect(parseAmount("100", "JPY")).toBe(100n);
    expect(parseAmount(100, "JPY")).toBe(100n);
    expect(amountError(() => parseAmount("100.5", "JPY")).reason).toBe("TOO_MANY_DECIMALS");
    expect(amountError(() => parseAmount("100.0", "JPY")).reason).toBe("TOO_MANY_DECIMALS");
  });

  it("handles exponent-3 currencies: BHD has fils", () => {
    expect(parseAmount("1.234", "BHD")).toBe(1234n);
    expect(parseAmount("1.2", "BHD")).toBe(1200n);
    expect(amountError(() => parseAmount("1.2345", "BHD")).reason).toBe("TOO_MANY_DECIMALS");
  });

  it("rejects negative amounts, as strings and as numbers", () => {
    expect(amountError(() => parseAmount("-1", "USD")).reason).toBe("NEGATIVE");
    expect(amountError(() => parseAmount(-12.5, "USD")).reason).toBe("NEGATIVE");
  });

  it("rejects negative zero, as the string -0 and the number -0", () => {
    expect(amountError(() => parseAmount("-0", "USD")).reason).toBe("NEGATIVE");
    expect(amountError(() => parseAmount(-0, "USD")).reason).toBe("NEGATIVE");
  });

  it("rejects NaN and Infinity", () => {
    expect(amountError(() => parseAmount(Number.NaN, "USD")).reason).toBe("NOT_A_NUMBER");
    expect(amountError(() => parseAmount(Number.POSITIVE_INFINITY, "USD")).reason).toBe("NOT_A_NUMBER");
    expect(amountError(() => parseAmount(Number.NEGATIVE_INFINITY, "USD")).reason).toBe("NOT_A_NUMBER");
    expect(amountError(() => parseAmount("NaN", "USD")).reason).toBe("INVALID_FORMAT");
    expect(amountError(() => parseAmount("Infinity", "USD")).reason).toBe("INVALID_FORMAT");
  });

  it("rejects exponent notation in strings (1e3) and numbers that print with one (1e21, 1e-7)", () => {
    expect(amountError(() => parseAmount("1e3", "USD")).reason).toBe("EXPONENT");
    expect(amountError(() => parseAmount("1E3", "USD")).reason).toBe("EXPONENT");
    expect(amountError(() => parseAmount(1e21, "USD")).reason).toBe("EXPONENT");
    expect(amountError(() => parseAmount(1e-7, "USD")).reason).toBe("EXPONENT");
  });

  it("rejects a leading plus sign", () => {
    expect(amountError(() => parseAmount("+12.50", "USD")).reason).toBe("INVALID_FORMAT");
  });

  it("rejects the empty string", () => {
    expect(amountError(() => parseAmount("", "USD")).reason).toBe("EMPTY");
  });

  it("rejects whitespace anywhere", () => {
    for (const input of [" 12", "12 ", "1 2", "\t12", "12\n", " "]) {
      expect(amountError(() => parseAmount(input, "USD")).reason).toBe("INVALID_FORMAT");
    }
  });

  it("rejects malformed decimals: missing digits, several points, separators, non-ASCII digits", () => {
    for (const input of [".5", "12.", "1.2.3", "1,000.00", "0x10", "١٢", "12.5USD"]) {
      expect(amountError(() => parseAmount(input, "USD")).reason).toBe("INVALID_FORMAT");
    }
  });

  it("rejects more than 18 characters", () => {
    expect(parseAmount("000000000000012.30", "USD")).toBe(1230n);
    expect(amountError(() => parseAmount("0000000000000012.30", "USD")).reason).toBe("TOO_LONG");
  });

  it("rejects values over 9_000_000_000_000_000 minor units and accepts the limit itself", () => {
    expect(parseAmount("90000000000000.00", "USD")).toBe(MAX_MINOR_UNITS);
    expect(amountError(() => parseAmount("90000000000000.01", "USD")).reason).toBe("TOO_LARGE");
    expect(parseAmount("9000000000000000", "JPY")).toBe(MAX_MINOR_UNITS);
    expect(amountError(() => parseAmount("9000000000000001", "JPY")).reason).toBe("TOO_LARGE");
  });

  it("throws an AmountError for an unknown currency", () => {
    expect(amountError(() => parseAmount("1.00", "XYZ")).reason).toBe("UNKNOWN_CURRENCY");
  });

  it("round-trips every representable amount through formatAmount", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_MINOR_UNITS }), fc.constantFrom("USD", "JPY", "BHD"), (minor, currency) => {
        expect(parseAmount(formatAmount(minor, currency), currency)).toBe(minor);
      }),
    );
  });
});

describe("isValidAmountFormat", () => {
  it("accepts what parseAmount accepts for the given number of decimals", () => {
    expect(isValidAmountFormat("12.50", 2)).toBe(true);
    expect(isValidAmountFormat(12.5, 2)).toBe(true);
    expect(isValidAmountFormat("100", 0)).toBe(true);
  });

  it("rejects what parseAmount rejects", () => {
    for (const input of ["12.505", "-1", "1e3", "", " 1", "+1", 0.1 + 0.2, Number.NaN, 1e21, "90000000000000.01"]) {
      expect(isValidAmountFormat(input, 2)).toBe(false);
    }
    expect(isValidAmountFormat("1.5", 0)).toBe(false);
  });

  it("rejects values that are neither strings nor numbers", () => {
    for (const input of [null, undefined, true, {}, [], 12n]) {
      expect(isValidAmountFormat(input, 2)).toBe(false);
    }
  });

  it("refuses a nonsensical decimals argument as a programming error", () => {
    expect(() => isValidAmountFormat("1", -1)).toThrow(RangeError);
    expect(() => isValidAmountFormat("1", 1.5)).toThrow(RangeError);
  });
});

describe("formatAmount", () => {
  it("always prints the currency's number of decimals", () => {
    expect(formatAmount(125000n, "USD")).toBe("1250.00");
    expect(formatAmount(1n, "USD")).toBe("0.01");
    expect(formatAmount(0n, "USD")).toBe("0.00");
    expect(formatAmount(1234n, "BHD")).toBe("1.234");
    expect(formatAmount(5n, "BHD")).toBe("0.005");
  });

  it("prints JPY without a decimal point", () => {
    expect(formatAmount(100n, "JPY")).toBe("100");
    expect(formatAmount(0n, "JPY")).toBe("0");
  });

  it("prints negative amounts with a leading minus", () => {
    expect(formatAmount(-305n, "USD")).toBe("-3.05");
    expect(formatAmount(-5n, "USD")).toBe("-0.05");
    expect(formatAmount(-100n, "JPY")).toBe("-100");
  });

  it("stays exact beyond Number's safe integer range", () => {
    expect(formatAmount(123456789012345678901n, "USD")).toBe("1234567890123456789.01");
  });
});

describe("addMinor", () => {
  it("adds exactly where binary floating point would not (0.1 + 0.2 = 0.30)", () => {
    expect(formatAmount(addMinor(parseAmount("0.1", "USD"), parseAmount("0.2", "USD")), "USD")).toBe("0.30");
  });

  it("handles negative operands", () => {
    expect(addMinor(100n, -305n)).toBe(-205n);
  });
});

describe("convertMinor", () => {
  it("converts between currencies of the same exponent", () => {
    expect(convertMinor(10000n, "1.25", "USD", "CAD")).toBe(12500n);
    expect(convertMinor(10000n, "1", "USD", "BMD")).toBe(10000n);
  });

  it("converts between currencies of different exponents", () => {
    expect(convertMinor(10000n, "150.5", "USD", "JPY")).toBe(15050n);
    expect(convertMinor(15050n, "0.0066445183", "JPY", "USD")).toBe(10000n);
    expect(convertMinor(10000n, "0.376", "USD", "BHD")).toBe(37600n);
  });

  it("rounds an exact half to the even neighbour (half-even)", () => {
    // 1 cent * 0.5 = 0.5 cent -> 0; 3 cents * 0.5 = 1.5 cents -> 2
    expect(convertMinor(1n, "0.5", "USD", "EUR")).toBe(0n);
    expect(convertMinor(3n, "0.5", "USD", "EUR")).toBe(2n);
    expect(convertMinor(5n, "0.5", "USD", "EUR")).toBe(2n);
    expect(convertMinor(7n, "0.5", "USD", "EUR")).toBe(4n);
    // 2.5 JPY and 3.5 JPY from 0.25 / 0.35 USD at 10
    expect(convertMinor(25n, "10", "USD", "JPY")).toBe(2n);
    expect(convertMinor(35n, "10", "USD", "JPY")).toBe(4n);
  });

  it("rounds non-halves to the nearest minor unit", () => {
    expect(convertMinor(1n, "0.4999999999", "USD", "EUR")).toBe(0n);
    expect(convertMinor(1n, "0.5000000001", "USD", "EUR")).toBe(1n);
    expect(convertMinor(100n, "1.234567", "USD", "EUR")).toBe(123n);
  });

  it("rounds negative amounts symmetrically to positive ones", () => {
    expect(convertMinor(-3n, "0.5", "USD", "EUR")).toBe(-2n);
    expect(convertMinor(-1n, "0.5", "USD", "EUR")).toBe(0n);
    expect(convertMinor(-100n, "1.234567", "USD", "EUR")).toBe(-123n);
  });

  it("stays exact for large amounts and 10-decimal rates", () => {
    expect(convertMinor(MAX_MINOR_UNITS, "1.0000000001", "USD", "EUR")).toBe(9_000_000_000_900_000n);
  });

  it("rejects rates with more than 10 decimals, zero, negative, exponent or malformed rates", () => {
    for (const rate of ["1.00000000001", "0", "0.0000000000", "-1.2", "1e2", "", " 1", "1.", ".5", "abc"]) {
      expect(amountError(() => convertMinor(100n, rate, "USD", "EUR")).reason).toBe("INVALID_RATE");
    }
  });

  it("rejects unknown currencies on either side", () => {
    expect(amountError(() => convertMinor(100n, "1", "XYZ", "USD")).reason).toBe("UNKNOWN_CURRENCY");
    expect(amountError(() => convertMinor(100n, "1", "USD", "XYZ")).reason).toBe("UNKNOWN_CURRENCY");
  });

  it("matches an exact rational reference with half-even rounding", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -MAX_MINOR_UNITS, max: MAX_MINOR_UNITS }),
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        fc.integer({ min: 0, max: 10 }),
        fc.constantFrom("USD", "JPY", "BHD"),
        fc.constantFrom("USD", "JPY", "BHD"),
        (minor, rateScaled, rateDecimals, from, to) => {
          const digits = rateScaled.toString().padStart(rateDecimals + 1, "0");
          const rate = rateDecimals === 0 ? digits : `${digits.slice(0, -rateDecimals)}.${digits.slice(-rateDecimals)}`;
          // Reference: compare 2*|n| against (2q+1)*d to decide rounding.
          const n = minor * rateScaled * 10n ** BigInt(minorUnits(to));
          const d = 10n ** BigInt(minorUnits(from) + rateDecimals);
          const abs = n < 0n ? -n : n;
          const floor = abs / d;
          const twice = 2n * abs;
          const mid = (2n * floor + 1n) * d;
          const rounded = twice < mid ? floor : twice > mid ? floor + 1n : floor % 2n === 0n ? floor : floor + 1n;
          expect(convertMinor(minor, rate, from, to)).toBe(n < 0n ? -rounded : rounded);
        },
      ),
    );
  });
});
