import { describe, expect, it } from "vitest";
import { scheduleInWords } from "@/lib/portal/standing-orders/standing-orders-api";

describe("standing orders in the portal", () => {
  it("says the schedule in words, with its bounds or until cancelled", () => {
    expect(scheduleInWords({ schedule: { frequency: "Monthly", startDate: "2027-01-31", count: 12 } })).toBe("Monthly from Jan 31, 2027, 12 times");
    expect(scheduleInWords({ schedule: { frequency: "Weekly", startDate: "2027-01-06", endDate: "2027-03-31" } })).toBe(
      "Weekly from Jan 6, 2027, until Mar 31, 2027",
    );
    expect(scheduleInWords({ schedule: { frequency: "Weekly", startDate: "2027-01-06", count: 1, endDate: "2027-03-31" } })).toBe(
      "Weekly from Jan 6, 2027, 1 time, until Mar 31, 2027",
    );
    expect(scheduleInWords({ schedule: { frequency: "Monthly", startDate: "2027-01-15" } })).toBe("Monthly from Jan 15, 2027, until cancelled");
  });
});
