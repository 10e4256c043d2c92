import { describe, expect, it } from "vitest";
import { achSettlementDate, swiftSettlementDate } from "@/lib/contract/payments/settlement-date";
import { movedDayText, payOnOf, rulesInstant } from "@/lib/portal/payments/payment-schedule";

// Friday 27 Nov 2026, 16:00 AST: after the ACH cut-off.
const now = new Date("2026-11-27T20:00:00Z");
const none = new Set<string>();

describe("Pay on: the day the API will use, as the form shows it (docs/scheduling.md)", () => {
  it("is today when empty or today, until the bank's clock is known", () => {
    expect(payOnOf("", null, none)).toEqual({ kind: "unknown" });
    expect(payOnOf("", now, none)).toEqual({ kind: "today", today: "2026-11-27", last: "2027-11-27" });
    expect(payOnOf("2026-11-27", now, none)).toMatchObject({ kind: "today" });
    expect(rulesInstant(payOnOf("", now, none), now)).toBe(now);
  });

  it("moves a weekend or holiday to the next business day and says so", () => {
    const saturday = payOnOf("2026-12-05", now, none);
    expect(saturday).toMatchObject({ kind: "later", requested: "2026-12-05", executionDate: "2026-12-07" });
    expect(movedDayText(saturday)).toBe("Sat, Dec 5, 2026 is not a business day: paid Mon, Dec 7, 2026");
    expect(payOnOf("2026-12-25", now, new Set(["2026-12-25", "2026-12-28"]))).toMatchObject({ executionDate: "2026-12-29" });
    expect(movedDayText(payOnOf("2026-12-07", now, none))).toBeNull();
  });

  it("settles by the rules of the scheduled day's run (06:00, before every cut-off), not today's", () => {
    const monday = payOnOf("2026-12-07", now, none);
    const at = rulesInstant(monday, now)!;
    // Today after the cut-off would give Monday 30 Nov; on the day the ACH payment settles that day, SWIFT a business day later.
    expect(achSettlementDate(now, none)).toBe("2026-11-30");
    expect(achSettlementDate(at, none)).toBe("2026-12-07");
    expect(swiftSettlementDate(at, none)).toBe("2026-12-08");
  });

  it("refuses a day before today or more than a year ahead, as the API does", () => {
    expect(payOnOf("2026-11-26", now, none)).toMatchObject({ kind: "refused", today: "2026-11-27" });
    expect(payOnOf("2027-11-27", now, none)).toMatchObject({ kind: "later" });
    expect(payOnOf("2027-11-28", now, none)).toMatchObject({ kind: "refused", last: "2027-11-27" });
  });
});
