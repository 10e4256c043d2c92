import { describe, expect, it } from "vitest";
import { clockFace } from "@/lib/portal/system/bank-clock";

describe("the bank's clock face", () => {
  it("reads 12-hour with seconds and names the zone apart (issue 24, item 7: never 15:15:02)", () => {
    const winter = clockFace(new Date("2026-11-25T19:15:02Z"));
    expect(winter.time.replace(/\u202f/g, " ")).toBe("3:15:02 PM");
    expect(winter.abbreviation).toBe("AST");
    expect(winter.offset).toBe("UTC\u221204:00");
    const summerMorning = clockFace(new Date("2026-07-01T12:05:09Z"));
    expect(summerMorning.time.replace(/\u202f/g, " ")).toBe("9:05:09 AM");
    expect(summerMorning.abbreviation).toBe("ADT");
  });
});
