import { describe, expect, it } from "vitest";
import type { TAccountSummary } from "@/lib/contract/accounts/schema";
import { isInactive, totalsByCurrency } from "@/lib/portal/accounts/balances";
import { formatAmount, formatMoney, fromMinor, toMinor } from "@/lib/contract/money-format";

const summary = (accountNumber: string, currency: string, amount: string, status: TAccountSummary["status"] = "Active"): TAccountSummary => ({
  accountId: `ACC-${accountNumber}`,
  cif: "1",
  currency,
  accountSubType: "X",
  accountNumber,
  status,
  availableBalance: { currency, amount },
  accountType: null,
  nickname: null,
  owners: [],
  accountAttributes: [],
});

describe("totalsByCurrency", () => {
  it("sums each currency exactly and never mixes currencies", () => {
    const totals = totalsByCurrency([summary("1", "USD", "0.10"), summary("2", "USD", "0.20"), summary("3", "BMD", "5.00")]);
    expect(totals.map((t) => [t.currency, t.total, t.accountCount])).toEqual([
      ["BMD", "5.00", 1],
      ["USD", "0.30", 2],
    ]);
  });

  it("leaves inactive accounts out of the available total and counts them (issue 24, item 9)", () => {
    const [usd] = totalsByCurrency([summary("1", "USD", "25.00"), summary("2", "USD", "75.00", "INACTIVE")]);
    expect([usd!.total, usd!.accountCount, usd!.inactiveCount]).toEqual(["25.00", 1, 1]);
    expect(usd!.slices.map((s) => s.accountNumber)).toEqual(["1"]);
  });

  it("orders slices by balance and gives their shares of the positive total", () => {
    const [usd] = totalsByCurrency([summary("1", "USD", "25.00"), summary("2", "USD", "75.00"), summary("3", "USD", "-10.00")]);
    expect(usd!.total).toBe("90.00");
    expect(usd!.slices.map((s) => [s.accountNumber, s.share])).toEqual([
      ["2", 0.75],
      ["1", 0.25],
    ]);
  });
});

describe("money formatting", () => {
  it("round-trips minor units", () => {
    expect(toMinor("-12.5", "USD")).toBe(-1250n);
    expect(fromMinor(-1250n, "USD")).toBe("-12.50");
    expect(fromMinor(5n, "USD")).toBe("0.05");
    expect(fromMinor(123n, "JPY")).toBe("123");
  });

  it("formats beyond float precision without rounding", () => {
    expect(formatAmount("9007199254740993.07", "USD")).toBe("9,007,199,254,740,993.07");
    expect(formatMoney("84250.75", "BMD")).toBe("BMD\u00a084,250.75");
  });

  it("recognises inactive accounts however the status is spelled", () => {
    expect(isInactive({ status: "INACTIVE" })).toBe(true);
    expect(isInactive({ status: "ACTIVE" })).toBe(false);
  });
});
