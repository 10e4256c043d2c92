import { describe, expect, it } from "vitest";
import { bucketWidth, EXPECT_FOR_MS, groupDeliveries, hasPending, outcomeBuckets, resendSettled, shouldPoll } from "@/lib/portal/webhooks/delivery-log";
import type { TDeliveryAttempt } from "@/lib/contract/webhooks/schema";

const attempt = (
  deliveryId: string,
  attemptNumber: number,
  at: string,
  succeeded: boolean,
  status: TDeliveryAttempt["deliveryStatus"] = "Succeeded",
): TDeliveryAttempt => ({
  deliveryId,
  attemptNumber,
  attemptedUtc: at,
  statusCode: succeeded ? 200 : 500,
  latencyMs: 12,
  succeeded,
  error: succeeded ? null : "HTTP 500",
  deliveryStatus: status,
  transactionId: `DEP-${deliveryId}`,
  webhookUrl: "http://127.0.0.1/h",
});

describe("the delivery log model", () => {
  const attempts = [
    attempt("b", 2, "2026-11-23T12:10:00Z", true),
    attempt("a", 3, "2026-11-23T12:09:00Z", false, "Pending"),
    attempt("b", 1, "2026-11-23T12:05:00Z", false),
    attempt("a", 2, "2026-11-23T12:04:00Z", false, "Pending"),
    attempt("a", 1, "2026-11-23T12:00:00Z", false, "Pending"),
  ];

  it("groups attempts by delivery, newest delivery and attempt first", () => {
    const groups = groupDeliveries(attempts);
    expect(groups.map((g) => [g.deliveryId, g.status, g.attempts.map((a) => a.attemptNumber)])).toEqual([
      ["b", "Succeeded", [2, 1]],
      ["a", "Pending", [3, 2, 1]],
    ]);
    expect(groups[0]!.lastAttemptUtc).toBe("2026-11-23T12:10:00Z");
    expect(hasPending(groups)).toBe(true);
    expect(hasPending(groups.slice(0, 1))).toBe(false);
  });

  it("counts outcomes per bucket on an even time axis that ends now", () => {
    const now = Date.parse("2026-11-23T12:11:30Z");
    const { width, buckets } = outcomeBuckets(attempts, now);
    expect(width).toBe(60_000);
    expect(buckets).toHaveLength(12);
    expect(outcomeBuckets(attempts.slice(0, 1), now).buckets).toHaveLength(12);
    expect(buckets[0]).toMatchObject({ start: Date.parse("2026-11-23T12:00:00Z"), succeeded: 0, failed: 1 });
    expect(buckets[10]).toMatchObject({ start: Date.parse("2026-11-23T12:10:00Z"), succeeded: 1, failed: 0 });
    expect(buckets[11]).toMatchObject({ succeeded: 0, failed: 0 });
    expect(buckets.reduce((n, b) => n + b.succeeded + b.failed, 0)).toBe(5);
  });

  it("widens buckets for longer spans, and keeps at most the newest buckets", () => {
    expect(bucketWidth(30 * 60_000, 24)).toBe(5 * 60_000);
    expect(bucketWidth(3 * 24 * 3600_000, 24)).toBe(6 * 3600_000);
    const old = [attempt("x", 1, "2020-01-01T00:00:00Z", true), attempt("y", 1, "2026-11-23T12:00:00Z", true)];
    const { buckets } = outcomeBuckets(old, Date.parse("2026-11-23T12:00:00Z"));
    expect(buckets).toHaveLength(24);
    expect(buckets.reduce((n, b) => n + b.succeeded, 0)).toBe(1);
    expect(outcomeBuckets([], Date.now()).buckets).toEqual([]);
  });
});

describe("when the delivery log polls", () => {
  const done = groupDeliveries([attempt("a", 1, "2026-11-23T12:00:00Z", true)]);
  const none = { expectTransaction: null, openedAt: 0, awaiting: [] };

  it("stops once nothing is pending, expected or being resent", () => {
    expect(shouldPoll(done, 1_000, none)).toBe(false);
    expect(shouldPoll(groupDeliveries([attempt("a", 1, "2026-11-23T12:00:00Z", false, "Pending")]), 1_000, none)).toBe(true);
  });

  it("waits for an expected deposit until it has a finished delivery, or for two minutes", () => {
    const expect1 = { ...none, expectTransaction: "DEP-b" };
    expect(shouldPoll(done, 1_000, expect1)).toBe(true);
    expect(shouldPoll(done, EXPECT_FOR_MS, expect1)).toBe(false);
    expect(shouldPoll(done, 1_000, { ...none, expectTransaction: "DEP-a" })).toBe(false);
  });

  it("waits for a resend until its delivery has a new, finished attempt, or for two minutes", () => {
    const resend = { deliveryId: "a", attempts: 1, since: 0 };
    expect(resendSettled(resend, done, 1_000)).toBe(false);
    expect(shouldPoll(done, 1_000, { ...none, awaiting: [resend] })).toBe(true);
    const retried = groupDeliveries([attempt("a", 2, "2026-11-23T12:01:00Z", true), attempt("a", 1, "2026-11-23T12:00:00Z", false)]);
    expect(resendSettled(resend, retried, 1_000)).toBe(true);
    expect(resendSettled(resend, done, EXPECT_FOR_MS)).toBe(true);
  });
});
