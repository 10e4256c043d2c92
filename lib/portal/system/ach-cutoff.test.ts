import { describe, expect, it } from "vitest";
import { formatCountdown, nextAchCutoff } from "@/lib/portal/system/ach-cutoff";

describe("nextAchCutoff", () => {
  it("is today at 15:15 bank time before the cut-off on a weekday", () => {
    // Wednesday 14 Jan 2026, 10:00 AST (UTC-4).
    const cutoff = nextAchCutoff(new Date("2026-01-14T14:00:00Z"));
    expect(cutoff).toMatchObject({ localDate: "2026-01-14", isToday: true });
    expect(cutoff.at.toISOString()).toBe("2026-01-14T19:15:00.000Z");
  });

  it("moves to the next business day once 15:15 has passed", () => {
    // Wednesday 14 Jan 2026, 15:15 AST exactly: too late for today.
    const cutoff = nextAchCutoff(new Date("2026-01-14T19:15:00Z"));
    expect(cutoff).toMatchObject({ localDate: "2026-01-15", isToday: false });
  });

  it("skips the weekend", () => {
    // Friday 16 Jan 2026, 16:00 AST, and Saturday: both roll to Monday.
    expect(nextAchCutoff(new Date("2026-01-16T20:00:00Z")).localDate).toBe("2026-01-19");
    expect(nextAchCutoff(new Date("2026-01-17T15:00:00Z")).localDate).toBe("2026-01-19");
  });

  it("uses the daylight-time offset after the March switch", () => {
    // Bermuda moves to ADT (UTC-3) on Sunday 8 March 2026; Monday's cut-off is 18:15 UTC.
    const cutoff = nextAchCutoff(new Date("2026-03-07T12:00:00Z"));
    expect(cutoff.localDate).toBe("2026-03-09");
    expect(cutoff.at.toISOString()).toBe("2026-03-09T18:15:00.000Z");
  });

  it("skips the bank's holidays", () => {
    const cutoff = nextAchCutoff(new Date("2026-12-24T20:00:00Z"), new Set(["2026-12-25"]));
    expect(cutoff.localDate).toBe("2026-12-28");
  });

  it("uses bank time, not UTC, to decide the day", () => {
    // 02:00 UTC Tuesday is still Monday 22:00 AST: the next cut-off is Tuesday's.
    expect(nextAchCutoff(new Date("2026-01-13T02:00:00Z")).localDate).toBe("2026-01-13");
  });
});

describe("formatCountdown", () => {
  it("formats hours, minutes and seconds", () => {
    expect(formatCountdown(3 * 3600_000 + 4 * 60_000 + 9_000)).toBe("3 h 04 min 09 s");
    expect(formatCountdown(61_000)).toBe("1 min 01 s");
    expect(formatCountdown(-5)).toBe("0 min 00 s");
    expect(formatCountdown(50 * 3600_000)).toBe("2 d 2 h 00 min");
  });
});
