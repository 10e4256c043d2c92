import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";

/**
 * The one home of credential throttling: failed attempts counted per
 * (scope, key) in PostgreSQL, so every server agrees. After `maxFailures`
 * failures within `windowSeconds`, the key is locked for `lockSeconds`.
 * Used by portal sign-in (per email and per address), the token endpoint
 * (per client and per address) and bearer verification (per address).
 */
export type ThrottlePolicy = { maxFailures: number; windowSeconds: number; lockSeconds: number };

export type ThrottleScope = "sign-in-email" | "sign-in-address" | "token-client" | "token-address" | "bearer-address" | "second-factor";

export type ThrottleKey = { scope: ThrottleScope; key: string; policy: ThrottlePolicy };

/** Seconds a caller must wait, at least 1, from a lock's end. */
export function secondsUntil(until: Date, now = Date.now()): number {
  return Math.max(1, Math.ceil((until.getTime() - now) / 1000));
}

/** The latest end among the keys' active locks, or null when none is locked. */
export async function activeLock(db: Queryable, keys: readonly ThrottleKey[]): Promise<Date | null> {
  if (keys.length === 0) return null;
  const { rows } = await db.query<{ until: Date | null }>(
    `SELECT max(locked_until) AS until FROM auth_throttle
      WHERE (scope, key) IN (SELECT * FROM unnest($1::text[], $2::text[])) AND locked_until > now()`,
    [keys.map((k) => k.scope), keys.map((k) => k.key)],
  );
  return rows[0]?.until ?? null;
}

const COUNT = `CASE WHEN a.last_failed_at < now() - make_interval(secs => $4) OR a.locked_until <= now() THEN 1
                    ELSE a.failed_attempts + 1 END`;

/** One key's failure as one statement, so parallel attempts cannot slip past the limit. */
const RECORD_SQL = `
INSERT INTO auth_throttle AS a (scope, key, failed_attempts, last_failed_at, locked_until)
VALUES ($1, $2, 1, now(), CASE WHEN $3 <= 1 THEN now() + make_interval(secs => $5) END)
ON CONFLICT (scope, key) DO UPDATE SET
  failed_attempts = ${COUNT},
  last_failed_at = now(),
  locked_until = CASE WHEN ${COUNT} >= $3 THEN now() + make_interval(secs => $5) END
RETURNING locked_until`;

/**
 * Counts one failure against every key. Failures older than the window, or
 * from before an expired lock, no longer count. Returns the latest lock now
 * in force, or null.
 */
export async function recordFailure(db: Queryable, keys: readonly ThrottleKey[]): Promise<Date | null> {
  const locks = await Promise.all(
    keys.map(async ({ scope, key, policy }) => {
      const { rows } = await db.query<{ locked_until: Date | null }>(RECORD_SQL, [scope, key, policy.maxFailures, policy.windowSeconds, policy.lockSeconds]);
      return rows[0]?.locked_until ?? null;
    }),
  );
  return locks.reduce<Date | null>((latest, lock) => (lock && (!latest || lock > latest) ? lock : latest), null);
}

/** A success forgets the failures of the keys it proves (never of the address alone). */
export async function clearFailures(db: Queryable, keys: readonly Pick<ThrottleKey, "scope" | "key">[]): Promise<void> {
  if (keys.length === 0) return;
  await db.query("DELETE FROM auth_throttle WHERE (scope, key) IN (SELECT * FROM unnest($1::text[], $2::text[]))", [
    keys.map((k) => k.scope),
    keys.map((k) => k.key),
  ]);
}

/** Rows whose window and lock have both passed are never read again. */
export async function purgeThrottle(db: Queryable, olderThanSeconds = 24 * 60 * 60): Promise<number> {
  const { rowCount } = await db.query(
    "DELETE FROM auth_throttle WHERE last_failed_at < now() - make_interval(secs => $1) AND (locked_until IS NULL OR locked_until < now())",
    [olderThanSeconds],
  );
  return rowCount ?? 0;
}
