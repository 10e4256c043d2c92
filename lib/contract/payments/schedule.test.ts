import { describe, expect, it } from "vitest";
import { executionDateOf, lastSchedulableDate, scheduleOf } from "@/lib/contract/payments/schedule";

const none = new Set<string>();
const at = (iso: string) => new Date(iso);

describe("requestedExecutionDate: what a date means at a given time (bank time, Atlantic/Bermuda)", () => {
  it("absent or today is made now; an earlier day is refused unless a late approval or the worker makes it", () => {
    const now = at("2026-11-27T15:00:00Z"); // 11:00 AST, Friday
    expect(scheduleOf(undefined, now, none)).toEqual({ kind: "now" });
    expect(scheduleOf("2026-11-27", now, none)).toEqual({ kind: "now" });
    expect(scheduleOf("2026-11-26", now, none)).toMatchObject({ kind: "refused", message: expect.stringContaining("2026-11-27") });
    expect(scheduleOf("2026-11-26", now, none, true)).toEqual({ kind: "now" });
  });

  it("uses the bank's date, not UTC's: 00:30Z is still yesterday in Bermuda", () => {
    // 2026-11-28 00:30Z is 2026-11-27 20:30 AST: the 28th is tomorrow, not today.
    expect(scheduleOf("2026-11-28", at("2026-11-28T00:30:00Z"), none)).toMatchObject({ kind: "later" });
    expect(scheduleOf("2026-11-27", at("2026-11-28T00:30:00Z"), none)).toEqual({ kind: "now" });
  });

  it("accepts up to 365 days ahead and refuses the day after", () => {
    const now = at("2026-11-27T15:00:00Z");
    expect(lastSchedulableDate("2026-11-27")).toBe("2027-11-27");
    expect(scheduleOf("2027-11-26", now, none)).toMatchObject({ kind: "later", executionDate: "2027-11-26" });
    expect(scheduleOf("2027-11-28", now, none)).toMatchObject({ kind: "refused", message: expect.stringContaining("2027-11-27") });
  });

  it("moves a weekend or a bank holiday to the next business day", () => {
    const now = at("2026-11-27T15:00:00Z");
    expect(scheduleOf("2026-12-05", now, none)).toMatchObject({ executionDate: "2026-12-07" }); // Saturday -> Monday
    const holidays = new Set(["2026-12-25", "2026-12-28"]);
    expect(executionDateOf("2026-12-25", holidays)).toBe("2026-12-29"); // Friday holiday, weekend, Monday holiday
    expect(executionDateOf("2026-12-24", holidays)).toBe("2026-12-24");
  });

  it("decides on the execution day itself across the daylight-saving changes (March and November 2027)", () => {
    const now = at("2027-03-01T15:00:00Z");
    // Sunday 14 March 2027 is the switch to ADT: moved to Monday the 15th, decided at 06:00 ADT = 09:00Z.
    expect(scheduleOf("2027-03-14", now, none)).toEqual({ kind: "later", executionDate: "2027-03-15", decideAt: at("2027-03-15T09:00:00Z") });
    // Friday 12 March is still AST: 06:00 AST = 10:00Z.
    expect(scheduleOf("2027-03-12", now, none)).toMatchObject({ decideAt: at("2027-03-12T10:00:00Z") });
    // Sunday 7 November 2027 back to AST: Monday the 8th at 06:00 AST = 10:00Z; Friday the 5th still ADT, 09:00Z.
    expect(scheduleOf("2027-11-07", now, none)).toMatchObject({ executionDate: "2027-11-08", decideAt: at("2027-11-08T10:00:00Z") });
    expect(scheduleOf("2027-11-05", now, none)).toMatchObject({ decideAt: at("2027-11-05T09:00:00Z") });
  });
});
