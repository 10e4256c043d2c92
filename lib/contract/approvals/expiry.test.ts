import { describe, expect, it } from "vitest";
import { draftTiming } from "@/lib/contract/approvals/expiry";

const NONE = new Set<string>();

describe("draft expiry at the cut-off (Atlantic/Bermuda)", () => {
  it("an ACH draft made in the morning expires at 15:15 that day: 18:15Z in daylight time (ADT, UTC-3)", () => {
    const t = draftTiming("ACH", new Date("2026-07-14T12:00:00Z"), false, NONE);
    expect(t).toEqual({ settlementDate: "2026-07-14", expiresAt: new Date("2026-07-14T18:15:00Z") });
  });

  it("and at 19:15Z in standard time (AST, UTC-4)", () => {
    const t = draftTiming("ACH", new Date("2026-01-14T12:00:00Z"), false, NONE);
    expect(t).toEqual({ settlementDate: "2026-01-14", expiresAt: new Date("2026-01-14T19:15:00Z") });
  });

  it("across the spring change: made on Friday after the cut-off, it expires Monday 15:15 ADT", () => {
    // 2026-03-08 is the Sunday Bermuda moves to daylight time.
    const t = draftTiming("ACH", new Date("2026-03-06T20:00:00Z"), false, NONE);
    expect(t).toEqual({ settlementDate: "2026-03-09", expiresAt: new Date("2026-03-09T18:15:00Z") });
  });

  it("one minute before the cut-off is still today; at the cut-off it is the next business day", () => {
    expect(draftTiming("ACH", new Date("2026-01-14T19:14:00Z"), false, NONE).settlementDate).toBe("2026-01-14");
    expect(draftTiming("ACH", new Date("2026-01-14T19:15:00Z"), false, NONE).settlementDate).toBe("2026-01-15");
  });

  it("before a holiday: made after Thursday's cut-off with Friday a holiday, it lives until Monday's cut-off", () => {
    const t = draftTiming("ACH", new Date("2026-12-24T20:00:00Z"), false, new Set(["2026-12-25"]));
    expect(t).toEqual({ settlementDate: "2026-12-28", expiresAt: new Date("2026-12-28T19:15:00Z") });
  });

  it("'next business day' aims one business day later and lives until that day's cut-off, skipping holidays", () => {
    const t = draftTiming("ACH", new Date("2026-12-24T12:00:00Z"), true, new Set(["2026-12-25"]));
    expect(t).toEqual({ settlementDate: "2026-12-28", expiresAt: new Date("2026-12-28T19:15:00Z") });
  });

  it("a SWIFT draft expires at its processing day's 14:00 cut-off, the business day before it settles", () => {
    const t = draftTiming("SWIFT", new Date("2026-07-14T12:00:00Z"), false, NONE);
    expect(t).toEqual({ settlementDate: "2026-07-15", expiresAt: new Date("2026-07-14T17:00:00Z") });
  });
});
