import { describe, expect, it } from "vitest";
import { formatBankDate, formatBankDateTime } from "@/lib/portal/shared/date-format";

describe("one date style", () => {
  it("writes calendar dates and instants alike, instants in bank time with the zone", () => {
    expect(formatBankDate("2026-11-25")).toBe("Nov 25, 2026");
    expect(formatBankDateTime("2026-11-25T13:05:00Z")).toBe("Nov 25, 2026, 9:05 AM AST");
    // 02:30 UTC on 15 March is still the 14th in Bermuda.
    expect(formatBankDateTime("2026-03-15T02:30:00Z")).toMatch(/^Mar 14, 2026/);
    expect(formatBankDate("not a date")).toBe("not a date");
  });
});
