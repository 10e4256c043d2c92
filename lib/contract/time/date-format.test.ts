import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatBankDate, formatBankDateTime, formatBankDay, formatBankTime, formatWaited } from "@/lib/contract/time/date-format";

describe("one date style", () => {
  it("writes calendar dates and instants alike, instants in bank time with the zone", () => {
    expect(formatBankDate("2026-11-25")).toBe("Nov 25, 2026");
    expect(formatBankDateTime("2026-11-25T13:05:00Z")).toBe("Nov 25, 2026, 9:05 AM AST");
    // 02:30 UTC on 15 March is still the 14th in Bermuda.
    expect(formatBankDateTime("2026-03-15T02:30:00Z")).toMatch(/^Mar 14, 2026/);
    expect(formatBankDate("not a date")).toBe("not a date");
    // The weekday where it matters (a scheduled day that is not a business day).
    expect(formatBankDay("2026-12-05")).toBe("Sat, Dec 5, 2026");
    expect(formatBankDay("not a date")).toBe("not a date");
    // A time of day: 12-hour with AST/ADT, as "before 3:15 PM AST" (issue 24), never 15:15.
    expect(formatBankTime(new Date("2026-11-25T19:15:00Z")).replace(/\u202f/g, " ")).toBe("3:15 PM AST");
    expect(formatBankTime(new Date("2026-07-01T18:15:00Z")).replace(/\u202f/g, " ")).toBe("3:15 PM ADT");
  });

  it("writes a wait in the largest units that matter", () => {
    expect([0, 59, 60, 3599, 3600, 3_960, 86_399, 86_400, 190_800].map(formatWaited)).toEqual([
      "0 s",
      "59 s",
      "1 min",
      "59 min",
      "1 h 00 min",
      "1 h 06 min",
      "23 h 59 min",
      "1 d 0 h",
      "2 d 5 h",
    ]);
  });
});

describe("no page writes a time in the browser's zone (issue 11: one date style)", () => {
  // Every time a person reads is bank time with its zone named; the browser's zone is not the bank's.
  // The notification texts (server side) are read by people too.
  const sources = ["components", "app", "lib/portal", "lib/server/domain/notifications"].flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
      .map((f) => join(dir, f)),
  );

  it("never calls the browser-local formatters", () => {
    const local = sources.filter((file) => /\.toLocale(Time|Date)String\(|\.toLocaleString\(\)/.test(readFileSync(file, "utf8")));
    expect(local).toEqual([]);
  });

  it("gives every date formatter the bank's zone (or UTC for a calendar date)", () => {
    const zoneless = sources.filter((file) =>
      [...readFileSync(file, "utf8").matchAll(/new Intl\.DateTimeFormat\(([^)]*)\)/g)].some((m) => !/timeZone:/.test(m[1] ?? "")),
    );
    expect(zoneless).toEqual([]);
  });

  it("never writes a 24-hour time: every clock on screen is 12-hour (issue 24, item 7)", () => {
    // The header's and the System page's clock, the ACH cut-off and the delivery chart's axis once read 15:15.
    const clock24 = sources.filter((file) => /hourCycle:\s*"h2[34]"|hour12:\s*false/.test(readFileSync(file, "utf8")));
    expect(clock24).toEqual([]);
  });
});
