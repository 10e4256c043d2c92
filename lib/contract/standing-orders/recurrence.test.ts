import { describe, expect, it } from "vitest";
import {
  MAX_ORDER_INSTRUCTION_ID,
  occurrenceAfter,
  occurrenceInstructionId,
  occurrenceOnOrAfter,
  occurrences,
} from "@/lib/contract/standing-orders/recurrence";
import { executionDateOf, SCHEDULED_RUN } from "@/lib/contract/payments/schedule";
import { bankInstant } from "@/lib/contract/payments/settlement-date";
import { bankLocalParts } from "@/lib/contract/time/bank-time";

const none = new Set<string>();
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

describe("a standing order's occurrences (bank dates)", () => {
  it("Monthly keeps the start's day, or the month's last day when the month is shorter (31 Jan -> 28 Feb -> 31 Mar)", () => {
    expect(occurrences({ frequency: "Monthly", startDate: "2027-01-31" }, 5)).toEqual(["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31"]);
    expect(occurrences({ frequency: "Monthly", startDate: "2027-01-30" }, 3)).toEqual(["2027-01-30", "2027-02-28", "2027-03-30"]);
    expect(occurrences({ frequency: "Monthly", startDate: "2027-01-15" }, 3)).toEqual(["2027-01-15", "2027-02-15", "2027-03-15"]);
  });

  it("Monthly in a leap year falls on 29 February, and on the 29th's of other months", () => {
    expect(occurrences({ frequency: "Monthly", startDate: "2028-01-31" }, 3)).toEqual(["2028-01-31", "2028-02-29", "2028-03-31"]);
    expect(occurrences({ frequency: "Monthly", startDate: "2027-12-29" }, 4)).toEqual(["2027-12-29", "2028-01-29", "2028-02-29", "2028-03-29"]);
    expect(occurrences({ frequency: "Monthly", startDate: "2026-12-29" }, 3)).toEqual(["2026-12-29", "2027-01-29", "2027-02-28"]);
  });

  it("Weekly keeps the weekday", () => {
    const dates = occurrences({ frequency: "Weekly", startDate: "2027-02-24" }, 4);
    expect(dates).toEqual(["2027-02-24", "2027-03-03", "2027-03-10", "2027-03-17"]);
    expect(new Set(dates.map(weekday))).toEqual(new Set([3]));
  });

  it("across Bermuda's daylight-saving changes (2nd Sunday of March, 1st Sunday of November) the day and its run instant stay put", () => {
    // 2027-03-14 and 2027-11-07 are the switch Sundays; the weeks around them keep their weekday, and each date's
    // SCHEDULED_RUN instant is on that bank date, in AST before the switch and ADT after (and back).
    const spring = occurrences({ frequency: "Weekly", startDate: "2027-03-07" }, 3);
    expect(spring).toEqual(["2027-03-07", "2027-03-14", "2027-03-21"]);
    const autumn = occurrences({ frequency: "Weekly", startDate: "2027-10-31" }, 3);
    expect(autumn).toEqual(["2027-10-31", "2027-11-07", "2027-11-14"]);
    for (const date of [...spring, ...autumn]) expect(bankLocalParts(bankInstant(date, SCHEDULED_RUN)).date).toBe(date);
    expect(bankLocalParts(bankInstant("2027-03-07", SCHEDULED_RUN)).offsetMinutes).toBe(-240);
    expect(bankLocalParts(bankInstant("2027-03-14", SCHEDULED_RUN)).offsetMinutes).toBe(-180);
    expect(bankLocalParts(bankInstant("2027-11-07", SCHEDULED_RUN)).offsetMinutes).toBe(-240);
    expect(occurrences({ frequency: "Monthly", startDate: "2027-02-14" }, 2)).toEqual(["2027-02-14", "2027-03-14"]);
  });

  it("count and endDate each bound it; both given, the first reached ends it", () => {
    expect(occurrences({ frequency: "Weekly", startDate: "2027-01-06", count: 2 }, 10)).toEqual(["2027-01-06", "2027-01-13"]);
    expect(occurrences({ frequency: "Weekly", startDate: "2027-01-06", endDate: "2027-01-20" }, 10)).toEqual(["2027-01-06", "2027-01-13", "2027-01-20"]);
    expect(occurrences({ frequency: "Weekly", startDate: "2027-01-06", endDate: "2027-01-19" }, 10)).toEqual(["2027-01-06", "2027-01-13"]);
    expect(occurrences({ frequency: "Monthly", startDate: "2027-01-31", endDate: "2027-12-31", count: 2 }, 10)).toEqual(["2027-01-31", "2027-02-28"]);
    expect(occurrences({ frequency: "Monthly", startDate: "2027-01-31", endDate: "2027-03-30", count: 5 }, 10)).toEqual(["2027-01-31", "2027-02-28"]);
  });

  it("occurrenceAfter walks them one by one and ends with null", () => {
    const order = { frequency: "Monthly", startDate: "2027-01-31", count: 3 } as const;
    expect(occurrenceAfter(order, null)).toBe("2027-01-31");
    expect(occurrenceAfter(order, "2027-01-31")).toBe("2027-02-28");
    expect(occurrenceAfter(order, "2027-02-28")).toBe("2027-03-31");
    expect(occurrenceAfter(order, "2027-03-31")).toBeNull();
  });

  it("an occurrence on a holiday or a weekend is made on the next business day; the next one keeps its own date", () => {
    const order = { frequency: "Monthly", startDate: "2027-12-25" } as const; // a Saturday, and Christmas
    const holidays = new Set(["2027-12-27"]); // Boxing Day observed, Monday
    expect(executionDateOf(occurrenceAfter(order, null)!, holidays)).toBe("2027-12-28");
    expect(occurrenceAfter(order, "2027-12-25")).toBe("2028-01-25");
    expect(executionDateOf("2028-01-25", holidays)).toBe("2028-01-25");
    expect(executionDateOf("2027-12-24", none)).toBe("2027-12-24");
  });

  it("occurrenceOnOrAfter finds the date itself when it is an occurrence, the next one otherwise, null past the end", () => {
    const order = { frequency: "Weekly", startDate: "2027-01-06", count: 3 } as const;
    expect(occurrenceOnOrAfter(order, "2027-01-13")).toBe("2027-01-13");
    expect(occurrenceOnOrAfter(order, "2027-01-14")).toBe("2027-01-20");
    expect(occurrenceOnOrAfter(order, "2027-01-21")).toBeNull();
  });

  it("each occurrence's instructionIdentification is the order's, '-' and YYMMDD: unique per date, within the rails' 16 characters", () => {
    expect(occurrenceInstructionId("RENT", "2027-01-31")).toBe("RENT-270131");
    const longest = "A".repeat(MAX_ORDER_INSTRUCTION_ID);
    const ids = occurrences({ frequency: "Weekly", startDate: "2027-01-06" }, 200).map((date) => occurrenceInstructionId(longest, date));
    expect(new Set(ids).size).toBe(200);
    for (const id of ids) expect(id.length).toBeLessThanOrEqual(16);
  });
});
