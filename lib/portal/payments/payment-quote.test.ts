import { describe, expect, it } from "vitest";
import { conversionQuote, findRate, swiftCurrencies, swiftQuote, type FxRate } from "@/lib/portal/payments/payment-quote";

const RATES: FxRate[] = [
  { from: "USD", to: "BMD", rate: "1.0000000000" },
  { from: "USD", to: "EUR", rate: "0.9215000000" },
  { from: "USD", to: "JPY", rate: "151.3700000000" },
  { from: "BMD", to: "EUR", rate: "0.9215000000" },
];

describe("SWIFT quote", () => {
  it("converts a fixed debit at the table rate, rounded once half to even, plus the flat charge", () => {
    expect(swiftQuote({ accountCurrency: "USD", creditCurrency: "EUR", amount: "100.01", chargesType: "OUR", rates: RATES })).toEqual({
      ok: true,
      quote: { debitCurrency: "USD", creditCurrency: "EUR", debit: "100.01", credit: "92.16", rate: "0.9215", charge: "35.00", totalDebit: "135.01" },
    });
  });

  it("same currency: no rate, SHA charge", () => {
    const result = swiftQuote({ accountCurrency: "USD", creditCurrency: "USD", amount: "2500", chargesType: "SHA", rates: RATES });
    expect(result).toMatchObject({ ok: true, quote: { credit: "2500.00", rate: null, charge: "15.00", totalDebit: "2515.00" } });
  });

  it("JPY has no minor unit; BEN costs the sender nothing", () => {
    const result = swiftQuote({ accountCurrency: "USD", creditCurrency: "JPY", amount: "10.00", chargesType: "BEN", rates: RATES });
    expect(result).toMatchObject({ ok: true, quote: { credit: "1514", charge: "0.00", totalDebit: "10.00" } });
  });

  it("says why there is no quote", () => {
    expect(swiftQuote({ accountCurrency: "USD", creditCurrency: "EUR", amount: "", chargesType: "SHA", rates: RATES })).toEqual({
      ok: false,
      reason: "amount",
    });
    expect(swiftQuote({ accountCurrency: "USD", creditCurrency: "EUR", amount: "1.001", chargesType: "SHA", rates: RATES })).toEqual({
      ok: false,
      reason: "amount",
    });
    expect(swiftQuote({ accountCurrency: "USD", creditCurrency: "EUR", amount: "0", chargesType: "SHA", rates: RATES })).toEqual({
      ok: false,
      reason: "amount",
    });
    expect(swiftQuote({ accountCurrency: "USD", creditCurrency: "GBP", amount: "1", chargesType: "SHA", rates: RATES })).toEqual({
      ok: false,
      reason: "no-rate",
    });
    expect(
      swiftQuote({ accountCurrency: "USD", creditCurrency: "EUR", amount: "0.01", chargesType: "SHA", rates: [{ from: "USD", to: "EUR", rate: "0.1" }] }),
    ).toEqual({
      ok: false,
      reason: "too-small",
    });
  });

  it("lists the account's currency first, then the configured targets", () => {
    expect(swiftCurrencies("USD", RATES)).toEqual(["USD", "BMD", "EUR", "JPY"]);
    expect(swiftCurrencies("BMD", RATES)).toEqual(["BMD", "EUR"]);
    expect(findRate(RATES, "BMD", "USD")).toBeNull();
  });
});

describe("conversion (the transfer form's quote, the SWIFT quote's first half)", () => {
  it("a same-currency transfer moves the amount unchanged, with no rate", () => {
    expect(conversionQuote({ debitCurrency: "USD", creditCurrency: "USD", amount: " 2500 ", rates: RATES })).toEqual({
      ok: true,
      debitMinor: 250000n,
      conversion: { debitCurrency: "USD", creditCurrency: "USD", debit: "2500.00", credit: "2500.00", rate: null },
    });
  });

  it("between currencies: the table rate, rounded once half to even, as the payment service does", () => {
    expect(conversionQuote({ debitCurrency: "BMD", creditCurrency: "EUR", amount: "100.01", rates: RATES })).toMatchObject({
      ok: true,
      conversion: { credit: "92.16", rate: "0.9215" },
    });
    expect(conversionQuote({ debitCurrency: "BMD", creditCurrency: "USD", amount: "1", rates: RATES })).toEqual({ ok: false, reason: "no-rate" });
  });
});
