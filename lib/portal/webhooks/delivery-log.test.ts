import { describe, expect, it } from "vitest";
import { bucketWidth, groupDeliveries, hasPending, outcomeBuckets } from "@/lib/portal/webhooks/delivery-log";
import type { TDeliveryAttempt } from "@/lib/contract/webhooks/schema";

const attempt = (deliveryId: string, attemptNumber: number, at: string, succeeded: boolean, status: TDeliveryAttempt["deliveryStatus"] = "Succeeded"): TDeliveryAttempt => ({
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
