import { describe, expect, it } from "vitest";
import { achSettlementDate, bankInstant, settlementRunAt, swiftSettlementDate } from "@/lib/contract/payments/settlement-date";

const none = new Set<string>();
const at = (iso: string) => new Date(iso);

describe("ACH settlement date (cut-off 15:15 Atlantic/Bermuda)", () => {
  it("is the same day at 15:14:59 and the next business day at 15:15:00 in AST (UTC-4)", () => {
    expect(achSettlementDate(at("2026-01-14T19:14:59Z"), none)).toBe("2026-01-14");
    expect(achSettlementDate(at("2026-01-14T19:15:00Z"), none)).toBe("2026-01-15");
  });

  it("is the same day at 15:14:59 and the next business day at 15:15:00 in ADT (UTC-3)", () => {
    expect(achSettlementDate(at("2026-07-15T18:14:59Z"), none)).toBe("2026-07-15");
    expect(achSettlementDate(at("2026-07-15T18:15:00Z"), none)).toBe("2026-07-16");
  });

  it("uses the bank's date, not UTC's, just after local midnight", () => {
    // 2026-01-15 02:30Z is still 2026-01-14 22:30 in Bermuda: after the cut-off.
    expect(achSettlementDate(at("2026-01-15T02:30:00Z"), none)).toBe("2026-01-15");
  });

  it("moves Friday after the cut-off, and the weekend, to Monday", () => {
    expect(achSettlementDate(at("2026-01-16T19:15:00Z"), none)).toBe("2026-01-19");
    expect(achSettlementDate(at("2026-01-17T14:00:00Z"), none)).toBe("2026-01-19");
    expect(achSettlementDate(at("2026-01-18T14:00:00Z"), none)).toBe("2026-01-19");
  });

  it("skips holidays, before and after the cut-off", () => {
    const holidays = new Set(["2026-12-25", "2026-12-28"]);
    expect(achSettlementDate(at("2026-12-24T20:00:00Z"), holidays)).toBe("2026-12-29");
    expect(achSettlementDate(at("2026-12-25T13:00:00Z"), holidays)).toBe("2026-12-29");
    expect(achSettlementDate(at("2026-12-24T13:00:00Z"), holidays)).toBe("2026-12-24");
  });

  it("handles the DST switch day (2026-03-08) and the day after", () => {
    expect(achSettlementDate(at("2026-03-09T18:14:59Z"), none)).toBe("2026-03-09");
    expect(achSettlementDate(at("2026-03-09T18:15:00Z"), none)).toBe("2026-03-10");
    expect(bankInstant("2026-03-09", { hour: 15, minute: 15 }).toISOString()).toBe("2026-03-09T18:15:00.000Z");
    expect(bankInstant("2026-03-06", { hour: 15, minute: 15 }).toISOString()).toBe("2026-03-06T19:15:00.000Z");
  });
});

describe("SWIFT settlement date (cut-off 14:00, T+1 business day)", () => {
  it("settles the next business day before the cut-off and two after it", () => {
    expect(swiftSettlementDate(at("2026-01-14T17:59:59Z"), none)).toBe("2026-01-15");
    expect(swiftSettlementDate(at("2026-01-14T18:00:00Z"), none)).toBe("2026-01-16");
  });

  it("crosses weekends and holidays", () => {
    expect(swiftSettlementDate(at("2026-01-16T17:00:00Z"), none)).toBe("2026-01-19");
    expect(swiftSettlementDate(at("2026-01-16T19:00:00Z"), none)).toBe("2026-01-20");
    expect(swiftSettlementDate(at("2026-01-16T19:00:00Z"), new Set(["2026-01-20"]))).toBe("2026-01-21");
  });
});

describe("settlement run", () => {
  it("is 16:00 bank time on the settlement date", () => {
    expect(settlementRunAt("2026-01-14").toISOString()).toBe("2026-01-14T20:00:00.000Z");
    expect(settlementRunAt("2026-07-15").toISOString()).toBe("2026-07-15T19:00:00.000Z");
  });
});
