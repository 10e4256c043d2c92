import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";

/**
 * The one home of credential throttling: failed attempts counted per
 * (scope, key) in PostgreSQL, so every server agrees. After `maxFailures`
 * failures within `windowSeconds`, the key is locked for `lockSeconds`.
 * Used by portal sign-in (per email and per address), the token endpoint
 * (per client and per address), bearer verification (per address) and
 * set-password links (per address).
 */
export type ThrottlePolicy = { maxFailures: number; windowSeconds: number; lockSeconds: number };

export type ThrottleScope =
  "sign-in-email" | "sign-in-address" | "token-client" | "token-address" | "bearer-address" | "second-factor" | "password-link-address";

export type ThrottleKey = { scope: ThrottleScope; key: string; policy: ThrottlePolicy };

/** Seconds a caller must wait, at least 1, from a lock's end. */
export function secondsUntil(until: Date, now = Date.now()): number {
  return Math.max(1, Math.ceil((until.getTime() - now) / 1000));
}

/** The latest end among the keys' active locks, or null when none is locked. */
async function activeLock(db: Queryable, keys: readonly ThrottleKey[]): Promise<Date | null> {
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
 * in force, or null. For failures noticed after the fact (a bad bearer token);
 * a secret that is checked claims its attempt first (claimAttempt).
 */
export async function recordFailure(db: Queryable, keys: readonly ThrottleKey[]): Promise<Date | null> {
  // One key after another: `db` may be a transaction's client, which takes one query at a time.
  const locks: Array<Date | null> = [];
  for (const { scope, key, policy } of keys) {
    const { rows } = await db.query<{ locked_until: Date | null }>(RECORD_SQL, [scope, key, policy.maxFailures, policy.windowSeconds, policy.lockSeconds]);
    locks.push(rows[0]?.locked_until ?? null);
  }
  return latest(locks);
}

const latest = (dates: readonly (Date | null)[]) => dates.reduce<Date | null>((last, d) => (d && (!last || d > last) ? d : last), null);

/** RECORD_SQL, but only while the key is not locked: no row back means the attempt is refused. */
const CLAIM_SQL = `${RECORD_SQL.replace("RETURNING locked_until", "")}
  WHERE a.locked_until IS NULL OR a.locked_until <= now()
RETURNING locked_until`;

/** Gives back one counted attempt (it proved right); a lock that attempt set is lifted with it. */
const REFUND_SQL = `
UPDATE auth_throttle SET failed_attempts = failed_attempts - 1,
  locked_until = CASE WHEN failed_attempts - 1 < $3 THEN NULL ELSE locked_until END
WHERE scope = $1 AND key = $2 AND failed_attempts > 0`;

export type Claim = { allowed: false; lockedUntil: Date } | { allowed: true; lockedUntil: Date | null; keys: readonly ThrottleKey[] };

/**
 * Counts an attempt against every key *before* its secret is checked, in one statement per key (the row lock
 * orders parallel attempts), and allows it only while every key is under its limit. A burst of parallel attempts
 * thus gets `maxFailures` checks at most, never more (checking first and counting after let dozens through).
 * An allowed attempt's `lockedUntil` is the lock now in force should it prove wrong; one that proves right is
 * settled with `forgiveAttempt`. A refused one gives back what it counted on the other keys.
 */
export async function claimAttempt(db: Queryable, keys: readonly ThrottleKey[]): Promise<Claim> {
  const claimed: ThrottleKey[] = [];
  const locks: (Date | null)[] = [];
  for (const k of keys) {
    const { rows } = await db.query<{ locked_until: Date | null }>(CLAIM_SQL, [
      k.scope,
      k.key,
      k.policy.maxFailures,
      k.policy.windowSeconds,
      k.policy.lockSeconds,
    ]);
    if (rows.length === 0) {
      await refund(db, claimed);
      // The lock may have run out since: a second's wait then.
      return { allowed: false, lockedUntil: (await activeLock(db, [k])) ?? new Date(Date.now() + 1000) };
    }
    claimed.push(k);
    locks.push(rows[0]!.locked_until);
  }
  return { allowed: true, lockedUntil: latest(locks), keys };
}

/** A right secret: the keys it proves forget their failures; the others (a source address) only get this attempt back. */
export async function forgiveAttempt(db: Queryable, claim: Extract<Claim, { allowed: true }>, proves: (key: ThrottleKey) => boolean): Promise<void> {
  await clearFailures(db, claim.keys.filter(proves));
  await refund(
    db,
    claim.keys.filter((k) => !proves(k)),
  );
}

async function refund(db: Queryable, keys: readonly ThrottleKey[]): Promise<void> {
  for (const k of keys) await db.query(REFUND_SQL, [k.scope, k.key, k.policy.maxFailures]);
}

/** A success forgets the failures of the keys it proves (never of the address alone). */
async function clearFailures(db: Queryable, keys: readonly Pick<ThrottleKey, "scope" | "key">[]): Promise<void> {
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
