import { describe, expect, it } from "vitest";
import { attemptEnd, mayWait, paceMs, SHARES } from "@/lib/server/domain/delivery/origin-gate";

const take = (estimateMs: number, slots: number, hanging = false) => ({ slot: null, raced: false, estimateMs, slots, hanging });

describe("receiver pacing policy", () => {
  it("paces a receiver by its answer time over its share: a 1.5 s receiver with 2 slots frees one every 0.75 s", () => {
    expect(paceMs(take(1_500, 2))).toBe(750);
    expect(paceMs(take(0, 4))).toBe(1);
    expect(paceMs(take(10_000, 1))).toBe(10_000);
  });

  it("lets a delivery wait for a slot only when, at the receiver's pace, one comes within 2 s", () => {
    expect(mayWait(take(1_500, 2), 0)).toBe(true); // 0.75 s
    expect(mayWait(take(1_500, 2), 1)).toBe(true); // 1.5 s
    expect(mayWait(take(1_500, 2), 2)).toBe(false); // 2.25 s
    expect(mayWait(take(5, 4), 15)).toBe(true); // a fast receiver: every worker slot may wait
    expect(mayWait(take(600, 4), 13)).toBe(false); // its oldest attempt 0.6 s old: 14 × 150 ms is too long
    expect(mayWait(take(5_000, 2), 0)).toBe(false); // a slot every 2.5 s: deferred
  });

  it("never waits on a receiver judged hanging", () => {
    expect(mayWait(take(0, SHARES.hanging, true), 0)).toBe(false);
  });

  it("judges a receiver hanging on a timeout only: a slow or failing answer is an answer, a network error says nothing", () => {
    const base = { succeeded: false, latencyMs: 1_500, error: null, timedOut: false };
    expect(attemptEnd({ ...base, statusCode: 200 })).toEqual({ kind: "answered", latencyMs: 1_500 });
    expect(attemptEnd({ ...base, statusCode: 500 })).toEqual({ kind: "answered", latencyMs: 1_500 });
    expect(attemptEnd({ ...base, statusCode: null, latencyMs: 10_000, timedOut: true })).toMatchObject({ kind: "timed-out" });
    expect(attemptEnd({ ...base, statusCode: null, latencyMs: 3 })).toEqual({ kind: "no-answer" });
  });
});
