import { describe, expect, it } from "vitest";
import { isVirtualAccountNumber, luhnCheckDigit, virtualAccountNumber } from "@/lib/contract/virtual-accounts/numbering";

describe("virtual account numbers", () => {
  it("computes the Luhn digit of known vectors", () => {
    expect(luhnCheckDigit("7992739871")).toBe(3);
    expect(luhnCheckDigit("4539148803436")).toBe(4);
  });

  it("formats prefix, zero-padded sequence and check digit", () => {
    const n = virtualAccountNumber(1);
    expect(n).toMatch(/^88000000001\d$/);
    expect(n).toHaveLength(12);
    expect(isVirtualAccountNumber(n)).toBe(true);
  });

  it("catches every single-digit error and adjacent swap of distinct digits", () => {
    const n = virtualAccountNumber(123_456_789);
    for (let i = 0; i < n.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === n[i]) continue;
        expect(isVirtualAccountNumber(n.slice(0, i) + d + n.slice(i + 1))).toBe(false);
      }
    }
    for (let i = 2; i < n.length - 1; i++) {
      if (n[i] === n[i + 1]) continue;
      const swapped = n.slice(0, i) + n[i + 1] + n[i] + n.slice(i + 2);
      // Luhn misses only the 09 <-> 90 swap.
      if ((n[i] === "0" && n[i + 1] === "9") || (n[i] === "9" && n[i + 1] === "0")) continue;
      expect(isVirtualAccountNumber(swapped)).toBe(false);
    }
  });

  it("refuses sequences outside the 9-digit range", () => {
    expect(() => virtualAccountNumber(0)).toThrow(RangeError);
    expect(() => virtualAccountNumber(1_000_000_000)).toThrow(RangeError);
  });
});
