import type { TDeliveryAttempt } from "@/lib/contract/webhooks/schema";

/**
 * The delivery log's model: the API lists attempts (newest first); the log
 * shows deliveries (one per event and subscription), each with its attempts,
 * and a chart of attempt outcomes over time.
 */

export type DeliveryGroup = {
  deliveryId: string;
  transactionId: string | null;
  status: TDeliveryAttempt["deliveryStatus"];
  webhookUrl: string;
  lastAttemptUtc: string;
  /** Newest first. */
  attempts: TDeliveryAttempt[];
};

export function groupDeliveries(attempts: readonly TDeliveryAttempt[]): DeliveryGroup[] {
  const groups = new Map<string, DeliveryGroup>();
  for (const attempt of attempts) {
    const group = groups.get(attempt.deliveryId);
    if (group) {
      group.attempts.push(attempt);
      continue;
    }
    groups.set(attempt.deliveryId, {
      deliveryId: attempt.deliveryId,
      transactionId: attempt.transactionId,
      status: attempt.deliveryStatus,
      webhookUrl: attempt.webhookUrl,
      lastAttemptUtc: attempt.attemptedUtc,
      attempts: [attempt],
    });
  }
  for (const group of groups.values()) group.attempts.sort((a, b) => b.attemptNumber - a.attemptNumber);
  return [...groups.values()];
}

export type OutcomeBucket = { start: number; end: number; succeeded: number; failed: number };

const MINUTE = 60_000;
/** Bucket widths the chart may use: the smallest that covers the span in at most `maxBuckets`. */
const WIDTHS = [MINUTE, 5 * MINUTE, 15 * MINUTE, 60 * MINUTE, 6 * 60 * MINUTE, 24 * 60 * MINUTE, 7 * 24 * 60 * MINUTE];

export function bucketWidth(spanMs: number, maxBuckets: number): number {
  return WIDTHS.find((w) => Math.ceil((spanMs + 1) / w) <= maxBuckets) ?? WIDTHS[WIDTHS.length - 1]!;
}

/**
 * Attempts counted per time bucket, succeeded and failed, oldest bucket
 * first, ending with the bucket that holds `now`. Empty buckets are kept so
 * the time axis is even; there are between `minBuckets` and `maxBuckets`.
 */
export function outcomeBuckets(
  attempts: readonly TDeliveryAttempt[],
  now: number,
  maxBuckets = 24,
  minBuckets = 12,
): { width: number; buckets: OutcomeBucket[] } {
  const times = attempts.map((a) => Date.parse(a.attemptedUtc)).filter(Number.isFinite);
  if (times.length === 0) return { width: MINUTE, buckets: [] };
  const oldest = Math.min(...times);
  const newest = Math.max(now, ...times);
  const width = bucketWidth(newest - oldest, maxBuckets);
  const last = Math.floor(newest / width) * width;
  // At least `minBuckets` on the axis, so a burst of a minute is a bar on a timeline, not a block.
  const first = Math.max(Math.min(Math.floor(oldest / width) * width, last - (minBuckets - 1) * width), last - (maxBuckets - 1) * width);
  const buckets: OutcomeBucket[] = [];
  for (let start = first; start <= last; start += width) buckets.push({ start, end: start + width, succeeded: 0, failed: 0 });
  attempts.forEach((attempt, i) => {
    const t = times[i]!;
    const bucket = buckets[Math.floor((t - first) / width)];
    if (!bucket) return;
    if (attempt.succeeded) bucket.succeeded += 1;
    else bucket.failed += 1;
  });
  return { width, buckets };
}

/** The log keeps polling while something is still to come. */
export function hasPending(groups: readonly DeliveryGroup[]): boolean {
  return groups.some((g) => g.status === "Pending");
}

/** An expected delivery (a deposit just made, a resend) that has not shown up by then is no longer waited for. */
export const EXPECT_FOR_MS = 120_000;

/** A resend the user asked for: the delivery, its attempt count then, and when (ms). */
export type Awaiting = { deliveryId: string; attempts: number; since: number };

// Elapsed-time rules take `at`, the time of the log's last answer, never the clock: rendering stays pure.

/** A resend is settled once its delivery has a new attempt and is no longer pending (or it has waited long enough). */
export function resendSettled(awaiting: Awaiting, groups: readonly DeliveryGroup[], at: number): boolean {
  const g = groups.find((x) => x.deliveryId === awaiting.deliveryId);
  return (g !== undefined && g.attempts.length > awaiting.attempts && g.status !== "Pending") || at - awaiting.since >= EXPECT_FOR_MS;
}

/** Poll while a delivery is pending, an expected deposit has not arrived, or a resend has not come back. */
export function shouldPoll(
  groups: readonly DeliveryGroup[],
  at: number,
  wait: { expectTransaction: string | null; openedAt: number; awaiting: readonly Awaiting[] },
): boolean {
  const expecting =
    wait.expectTransaction !== null &&
    at - wait.openedAt < EXPECT_FOR_MS &&
    !groups.some((g) => g.transactionId === wait.expectTransaction && g.status !== "Pending");
  return hasPending(groups) || expecting || wait.awaiting.some((a) => !resendSettled(a, groups, at));
}
