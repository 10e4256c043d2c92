import { describe, expect, it } from "vitest";
import { formatRate } from "@/lib/contract/money-format";

describe("one style for a rate (issue 24, item 7)", () => {
  it("writes the stored ten-decimal rate as one unit of the debit currency in the other, without trailing zeros", () => {
    expect(formatRate("0.9215000000", "USD", "EUR")).toBe("1 USD = 0.9215 EUR");
    expect(formatRate("151.3700000000", "USD", "JPY")).toBe("1 USD = 151.37 JPY");
    expect(formatRate("1.0000000000", "USD", "BMD")).toBe("1 USD = 1 BMD");
  });
});
