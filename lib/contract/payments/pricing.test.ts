import { describe, expect, it } from "vitest";
import { creditForDebit, normalizeRate, swiftChargeMinor } from "@/lib/contract/payments/pricing";

describe("SWIFT charges", () => {
  it("is a flat fee by chargesType in the debit currency", () => {
    expect(swiftChargeMinor("OUR", "USD")).toBe(3_500n);
    expect(swiftChargeMinor("SHA", "BMD")).toBe(1_500n);
    expect(swiftChargeMinor("BEN", "USD")).toBe(0n);
  });
});

describe("FX conversion of a fixed debit", () => {
  it("rounds once, half to even", () => {
    expect(creditForDebit(10_001n, "0.9215", "USD", "EUR")).toBe(9_216n); // 92.159215
    expect(creditForDebit(101n, "0.5", "USD", "EUR")).toBe(50n); // 0.505 -> 0.50 (even)
    expect(creditForDebit(103n, "0.5", "USD", "EUR")).toBe(52n); // 0.515 -> 0.52 (even)
    expect(creditForDebit(100_000n, "0.7874", "USD", "GBP")).toBe(78_740n);
  });

  it("handles a currency without minor units", () => {
    expect(creditForDebit(10_000n, "151.37", "USD", "JPY")).toBe(15_137n);
    expect(creditForDebit(1n, "151.37", "USD", "JPY")).toBe(2n); // 1.5137 -> 2
  });

  it("is the identity for the BMD peg and for the same currency", () => {
    expect(creditForDebit(123_456n, "1", "BMD", "USD")).toBe(123_456n);
    expect(creditForDebit(99n, "0.5", "USD", "USD")).toBe(99n);
  });

  it("never goes through binary floating point", () => {
    // 9_000_000_000_000.00 USD at 1.3642: exact in bigint, beyond float precision in minor units.
    expect(creditForDebit(900_000_000_000_000n, "1.3642", "USD", "CAD")).toBe(1_227_780_000_000_000n);
  });
});

describe("rate wire form", () => {
  it("drops trailing zeros of the stored numeric", () => {
    expect(normalizeRate("0.9215000000")).toBe("0.9215");
    expect(normalizeRate("1.0000000000")).toBe("1");
    expect(normalizeRate("151.3700000000")).toBe("151.37");
    expect(normalizeRate("2")).toBe("2");
  });
});
