import { describe, it, expect } from "vitest";
import { BANK_TIME_ZONE, bankLocalParts, bankTimeNow } from "@/lib/contract/time/bank-time";

const at = (iso: string) => new Date(iso);

/** ISO 8601 local time with milliseconds and a numeric offset, as the spec's examples. */
const LOCAL_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/;

describe("bankTimeNow", () => {
  it("uses Atlantic/Bermuda as the bank's zone", () => {
    expect(BANK_TIME_ZONE).toBe("Atlantic/Bermuda");
  });

  it("reports a winter instant in Atlantic Standard Time, UTC-4", () => {
    expect(bankTimeNow(at("2026-11-23T18:40:19.123Z"))).toEqual({
      timestamp: "2026-11-23T14:40:19.123-04:00",
      timeZone: "Atlantic Standard Time",
    });
  });

  it("reports a summer instant in Atlantic Daylight Time, UTC-3", () => {
    expect(bankTimeNow(at("2026-07-01T13:00:00Z"))).toEqual({
      timestamp: "2026-07-01T10:00:00.000-03:00",
      timeZone: "Atlantic Daylight Time",
    });
  });

  it("produces a timestamp that parses back to the same instant", () => {
    for (const iso of ["2026-11-23T18:40:19.123Z", "2026-07-01T13:00:00.000Z", "2026-03-08T06:00:00.000Z"]) {
      const { timestamp } = bankTimeNow(at(iso));
      expect(timestamp).toMatch(LOCAL_TIMESTAMP);
      expect(new Date(timestamp).toISOString()).toBe(iso);
    }
  });

  it("is still standard time one millisecond before the spring-forward switch (2026-03-08 06:00Z)", () => {
    expect(bankTimeNow(at("2026-03-08T05:59:59.999Z"))).toEqual({
      timestamp: "2026-03-08T01:59:59.999-04:00",
      timeZone: "Atlantic Standard Time",
    });
  });

  it("jumps from 02:00 AST to 03:00 ADT at the spring-forward switch", () => {
    expect(bankTimeNow(at("2026-03-08T06:00:00.000Z"))).toEqual({
      timestamp: "2026-03-08T03:00:00.000-03:00",
      timeZone: "Atlantic Daylight Time",
    });
  });

  it("is still daylight time one millisecond before the fall-back switch (2026-11-01 05:00Z)", () => {
    expect(bankTimeNow(at("2026-11-01T04:59:59.999Z"))).toEqual({
      timestamp: "2026-11-01T01:59:59.999-03:00",
      timeZone: "Atlantic Daylight Time",
    });
  });

  it("falls back from 02:00 ADT to 01:00 AST, so the repeated local hour is told apart by its offset", () => {
    expect(bankTimeNow(at("2026-11-01T05:00:00.000Z"))).toEqual({
      timestamp: "2026-11-01T01:00:00.000-04:00",
      timeZone: "Atlantic Standard Time",
    });
    expect(bankTimeNow(at("2026-11-01T04:30:00.000Z")).timestamp).toBe("2026-11-01T01:30:00.000-03:00");
    expect(bankTimeNow(at("2026-11-01T05:30:00.000Z")).timestamp).toBe("2026-11-01T01:30:00.000-04:00");
  });

  it("prints midnight as 00, not 24", () => {
    expect(bankTimeNow(at("2026-01-15T04:00:00.000Z")).timestamp).toBe("2026-01-15T00:00:00.000-04:00");
  });

  it("keeps milliseconds of instants before 1970", () => {
    expect(bankTimeNow(at("1969-12-31T12:00:00.250Z")).timestamp).toBe("1969-12-31T08:00:00.250-04:00");
  });

  it("agrees with ICU's wall clock for instants spread over two centuries, leap days and both offsets included", () => {
    const icu = new Intl.DateTimeFormat("en-CA", {
      timeZone: BANK_TIME_ZONE,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      fractionalSecondDigits: 3,
    });
    const from = Date.UTC(1931, 0, 1);
    const to = Date.UTC(2130, 0, 1);
    const instants = [Date.UTC(2024, 1, 29, 4), Date.UTC(2100, 2, 1, 3, 59, 59, 999), Date.UTC(2000, 1, 29, 23, 59, 59, 999)];
    for (let i = 0; i < 5000; i++) instants.push(from + Math.floor((((i * 7919) % 5000) / 5000) * (to - from)) + i);
    for (const ms of instants) {
      const parts = Object.fromEntries(icu.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
      const local = `${parts.year}-${parts.month}-${parts.day}T${parts.hour === "24" ? "00" : parts.hour}:${parts.minute}:${parts.second}.${parts.fractionalSecond}`;
      expect(bankTimeNow(new Date(ms)).timestamp.slice(0, 23), new Date(ms).toISOString()).toBe(local);
    }
  });

  it("rejects an invalid Date", () => {
    expect(() => bankTimeNow(new Date(Number.NaN))).toThrow(RangeError);
  });

  it("defaults to the current instant", () => {
    const before = Date.now();
    const { timestamp } = bankTimeNow();
    const after = Date.now();
    const instant = new Date(timestamp).getTime();
    expect(instant).toBeGreaterThanOrEqual(before);
    expect(instant).toBeLessThanOrEqual(after);
  });
});

describe("bankLocalParts", () => {
  it("gives the local date, hour, minute, weekday and offset in winter", () => {
    // Monday 23 November 2026, 14:40 AST
    expect(bankLocalParts(at("2026-11-23T18:40:19.123Z"))).toEqual({
      date: "2026-11-23",
      hour: 14,
      minute: 40,
      weekday: 1,
      offsetMinutes: -240,
    });
  });

  it("gives a -180 minute offset in summer", () => {
    // Wednesday 1 July 2026, 10:00 ADT
    expect(bankLocalParts(at("2026-07-01T13:00:00Z"))).toEqual({
      date: "2026-07-01",
      hour: 10,
      minute: 0,
      weekday: 3,
      offsetMinutes: -180,
    });
  });

  it("stays on the previous local date just before local midnight although UTC has rolled over", () => {
    // 2026-11-24T03:59:59.999Z is Monday 23:59:59.999 AST
    expect(bankLocalParts(at("2026-11-24T03:59:59.999Z"))).toMatchObject({
      date: "2026-11-23",
      hour: 23,
      minute: 59,
      weekday: 1,
    });
  });

  it("rolls over to the next local date and weekday at local midnight", () => {
    expect(bankLocalParts(at("2026-11-24T04:00:00.000Z"))).toMatchObject({
      date: "2026-11-24",
      hour: 0,
      minute: 0,
      weekday: 2,
    });
  });

  it("rolls over the year at local midnight, not at UTC midnight", () => {
    expect(bankLocalParts(at("2027-01-01T03:59:59.999Z"))).toMatchObject({ date: "2026-12-31", weekday: 4 });
    expect(bankLocalParts(at("2027-01-01T04:00:00.000Z"))).toMatchObject({ date: "2027-01-01", weekday: 5 });
  });

  it("rolls over at local midnight in summer with the daylight offset", () => {
    expect(bankLocalParts(at("2026-07-02T02:59:59.999Z"))).toMatchObject({ date: "2026-07-01", hour: 23 });
    expect(bankLocalParts(at("2026-07-02T03:00:00.000Z"))).toMatchObject({ date: "2026-07-02", hour: 0 });
  });

  it("reports the offset change across both DST switches", () => {
    expect(bankLocalParts(at("2026-03-08T05:59:59.999Z"))).toMatchObject({ hour: 1, offsetMinutes: -240, weekday: 0 });
    expect(bankLocalParts(at("2026-03-08T06:00:00.000Z"))).toMatchObject({ hour: 3, offsetMinutes: -180, weekday: 0 });
    expect(bankLocalParts(at("2026-11-01T04:59:59.999Z"))).toMatchObject({ hour: 1, offsetMinutes: -180, weekday: 0 });
    expect(bankLocalParts(at("2026-11-01T05:00:00.000Z"))).toMatchObject({ hour: 1, offsetMinutes: -240, weekday: 0 });
  });

  it("answers as ICU does at every instant, though it asks ICU only twice an hour (a year at odd steps, both switches to the millisecond, local mean time)", () => {
    const reference = new Intl.DateTimeFormat("en-CA", {
      timeZone: BANK_TIME_ZONE,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    const icu = (ms: number) => {
      const parts = Object.fromEntries(reference.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
      return `${parts.year}-${parts.month}-${parts.day}T${parts.hour === "24" ? "00" : parts.hour}:${parts.minute}:${parts.second}`;
    };
    const instants: number[] = [];
    for (let ms = Date.parse("2025-12-31T00:00:00Z"); ms < Date.parse("2027-01-02T00:00:00Z"); ms += 37 * 60_000 + 13_007) instants.push(ms);
    for (const edge of ["2026-03-08T06:00:00Z", "2026-11-01T05:00:00Z"]) {
      for (let d = -3_000; d <= 3_000; d += 7) instants.push(Date.parse(edge) + d);
    }
    instants.push(Date.parse("1900-06-01T12:34:56.789Z"), Date.parse("1929-12-31T23:00:00Z"));
    const differing = instants.filter((ms) => bankTimeNow(new Date(ms)).timestamp.slice(0, 19) !== icu(ms)).map((ms) => new Date(ms).toISOString());
    expect(differing).toEqual([]);
    expect(instants.length).toBeGreaterThan(15_000);
  });
});
