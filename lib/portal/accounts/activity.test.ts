import { describe, expect, it } from "vitest";
import { balanceAtEndOfParams, dayBefore, defaultFilters, presetRange, statementParams, transactionsParams } from "@/lib/portal/accounts/activity";

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
    const list = transactionsParams("1000/1", filters, { pageStart: 2, pageSize: 25 });
    const file = statementParams("1000/1", filters, "mt940");
    expect(list.path).toEqual({ accountNumber: "1000/1" });
    const { pageStart, pageSize, ...listFilters } = list.query;
    const { format, ...fileFilters } = file.query;
    expect(fileFilters).toEqual(listFilters);
    expect([pageStart, pageSize, format]).toEqual([2, 25, "mt940"]);
    expect(listFilters).toEqual({ fromDate: "2026-11-23", toDate: "2026-11-25", type: "Debit", minAmount: "10", text: "rent" });
    expect(balanceAtEndOfParams("1", "2026-11-22")).toEqual({ path: { accountNumber: "1" }, query: { toDate: "2026-11-22", pageSize: 1 } });
  });
});
