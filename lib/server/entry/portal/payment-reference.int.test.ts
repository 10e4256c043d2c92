import { describe, expect, it } from "vitest";
import { loadPaymentReference } from "@/lib/server/entry/portal/payment-reference";

describe("loadPaymentReference", () => {
  it("gives the forms the configured bank codes and rates in order, exact rates as text", async () => {
    const { bankCodes, rates } = await loadPaymentReference();
    const codes = bankCodes.map((b) => `${b.bankCode}/${b.currency}`);
    expect(codes).toEqual([...codes].sort());
    expect(codes).toEqual(expect.arrayContaining(["BANK_A/BMD", "BANK_A/USD", "BANK_B/USD", "BANK_C/BMD"]));
    expect(rates.map((r) => `${r.from}/${r.to}`)).toEqual(rates.map((r) => `${r.from}/${r.to}`).sort());
    expect(rates).toContainEqual({ from: "USD", to: "JPY", rate: "151.3700000000" });
  });

  it("gives the holidays from a week before today on, not the past ones", async () => {
    const { holidays } = await loadPaymentReference(new Date("2026-12-30T12:00:00Z"));
    expect(holidays[0]).toBe("2026-12-25");
    expect(holidays).toContain("2027-01-01");
    expect(holidays).not.toContain("2026-11-11");
  });
});
