import { describe, expect, it } from "vitest";
import { barsByCurrency } from "@/lib/portal/virtual-accounts/va-balances";

const item = (accountNumber: string, currency: string, amount: string) => ({ accountNumber, balance: { currency, amount } });

describe("barsByCurrency", () => {
  it("groups by currency, largest first, scaled to the largest of its own currency", () => {
    const groups = barsByCurrency(
      [item("1", "USD", "250.00"), item("2", "USD", "1000.00"), item("3", "BMD", "5.00"), item("4", "USD", "0.00"), item("5", "USD", "-10.00")],
      new Map([["2", "Tucker Deposit"]]),
    );
    expect(groups.map((g) => g.currency)).toEqual(["BMD", "USD"]);
    expect(groups[0]!.bars).toEqual([{ number: "3", label: "3", amount: "5.00", share: 1 }]);
    expect(groups[1]!.bars.map((b) => [b.label, b.share])).toEqual([
      ["Tucker Deposit", 1],
      ["1", 0.25],
      ["4", 0],
      ["5", 0],
    ]);
  });

  it("is exact for amounts beyond float precision, and empty when every balance is zero", () => {
    const [usd] = barsByCurrency([item("1", "USD", "90071992547409.93"), item("2", "USD", "30023997515803.31")], new Map());
    expect(usd!.bars[1]!.share).toBe(0.3333);
    expect(barsByCurrency([item("1", "USD", "0.00")], new Map())[0]!.bars[0]!.share).toBe(0);
  });
});
