import { describe, expect, it } from "vitest";
import { balanceAtEndOfPath, dayBefore, defaultFilters, presetRange, statementPath, transactionsPath } from "@/lib/portal/accounts/activity";

describe("account activity filters", () => {
  it("turns presets into bank-date ranges (weeks from Monday, last month whole)", () => {
    expect(presetRange("today", "2026-11-25")).toEqual({ fromDate: "2026-11-25", toDate: "2026-11-25" });
    expect(presetRange("thisWeek", "2026-11-25")).toEqual({ fromDate: "2026-11-23", toDate: "2026-11-25" });
    expect(presetRange("thisWeek", "2026-11-29")).toEqual({ fromDate: "2026-11-23", toDate: "2026-11-29" });
    expect(presetRange("lastMonth", "2026-03-10")).toEqual({ fromDate: "2026-02-01", toDate: "2026-02-28" });
    expect(presetRange("lastMonth", "2026-01-05")).toEqual({ fromDate: "2025-12-01", toDate: "2025-12-31" });
    expect(dayBefore("2026-03-01")).toBe("2026-02-28");
  });

  it("asks the list and the downloads for exactly the same filters", () => {
    const filters = { ...defaultFilters("2026-11-25"), type: "Debit" as const, minAmount: " 10 ", text: "rent" };
    const list = new URL(transactionsPath("1000/1", filters, { pageStart: 2, pageSize: 25 }), "http://x");
    const file = new URL(statementPath("1000/1", filters, "mt940"), "http://x");
    expect(list.pathname).toBe("/v1/accounts/1000%2F1/transactions");
    for (const key of ["fromDate", "toDate", "type", "minAmount", "text"]) expect(file.searchParams.get(key)).toBe(list.searchParams.get(key));
    expect(list.searchParams.get("minAmount")).toBe("10");
    expect(list.searchParams.has("maxAmount")).toBe(false);
    expect(file.searchParams.get("format")).toBe("mt940");
    expect(balanceAtEndOfPath("1", "2026-11-22")).toBe("/v1/accounts/1/transactions?toDate=2026-11-22&pageSize=1");
  });
});
