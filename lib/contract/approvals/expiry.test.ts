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

describe("draft expiry without a cut-off: internal transfers and virtual-account batches", () => {
  it("an internal transfer draft is for the bank date it was made on and expires at that day's midnight, AST and ADT", () => {
    expect(draftTiming("INTERNAL", new Date("2026-01-14T12:00:00Z"), false, NONE)).toEqual({
      settlementDate: "2026-01-14",
      expiresAt: new Date("2026-01-15T04:00:00Z"),
    });
    expect(draftTiming("INTERNAL", new Date("2026-07-14T12:00:00Z"), false, NONE)).toEqual({
      settlementDate: "2026-07-14",
      expiresAt: new Date("2026-07-15T03:00:00Z"),
    });
  });

  it("an internal transfer drafted at 23:30 bank time (03:30Z the next UTC day) still belongs to its bank date", () => {
    const t = draftTiming("INTERNAL", new Date("2026-01-15T03:30:00Z"), false, NONE);
    expect(t).toEqual({ settlementDate: "2026-01-14", expiresAt: new Date("2026-01-15T04:00:00Z") });
  });

  it("the night of the spring change: a transfer drafted on Saturday 7 March expires at midnight AST, not an hour early", () => {
    const t = draftTiming("INTERNAL", new Date("2026-03-07T15:00:00Z"), false, NONE);
    expect(t.expiresAt).toEqual(new Date("2026-03-08T04:00:00Z"));
  });

  it("and on the autumn change: drafted on Saturday 31 October it expires at midnight ADT", () => {
    const t = draftTiming("INTERNAL", new Date("2026-10-31T15:00:00Z"), false, NONE);
    expect(t.expiresAt).toEqual(new Date("2026-11-01T03:00:00Z"));
  });

  it("a virtual-account batch draft has no settlement date and lives until the end of the next business day", () => {
    // Wednesday morning: approvers have until Thursday is over.
    expect(draftTiming("VIRTUAL_ACCOUNT_BATCH", new Date("2026-07-15T12:00:00Z"), false, NONE)).toEqual({
      settlementDate: null,
      expiresAt: new Date("2026-07-17T03:00:00Z"),
    });
  });

  it("a batch drafted late on Friday lives until Monday is over; with Monday a holiday, until Tuesday is over", () => {
    const friday = new Date("2026-01-17T03:00:00Z"); // Friday 16 January, 23:00 AST
    expect(draftTiming("VIRTUAL_ACCOUNT_BATCH", friday, false, NONE).expiresAt).toEqual(new Date("2026-01-20T04:00:00Z"));
    expect(draftTiming("VIRTUAL_ACCOUNT_BATCH", friday, false, new Set(["2026-01-19"])).expiresAt).toEqual(new Date("2026-01-21T04:00:00Z"));
  });
});
