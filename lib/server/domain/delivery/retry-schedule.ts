import "server-only";
/**
 * Delays before the 2nd..8th attempt (decisions §7): about 5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h, 10 h, each times WEBHOOK_RETRY_SCALE. After the
 * last one fails the delivery is Failed (about 28 h after the first try).
 */
export const RETRY_DELAYS_MS: readonly number[] = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];

/** ±10 %: receivers that failed together do not all get retried in the same second. */
const JITTER = 0.1;

/**
 * The delay before the next attempt after `failedAttempts` failures in the
 * current run, or null when the schedule is exhausted.
 */
export function nextRetryDelayMs(failedAttempts: number, scale: number, random: () => number = Math.random): number | null {
  const base = RETRY_DELAYS_MS[failedAttempts - 1];
  if (base === undefined) return null;
  const jitter = 1 + (random() * 2 - 1) * JITTER;
  return Math.max(0, Math.round(base * scale * jitter));
}
