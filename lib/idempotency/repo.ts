import type { Queryable } from "@/lib/db/types";

/** The only SQL for stored idempotent responses. The client is in every WHERE. */

export type IdempotencyScope = { clientId: string; method: string; path: string; key: string };

export type StoredResponse = { status: number; body: string };

export type ClaimOutcome =
  | { kind: "claimed" }
  | { kind: "replay"; response: StoredResponse }
  | { kind: "in_flight" };

type ClaimRow = { claimed: string | null; state: string | null; response_status: number | null; response_body: string | null };

/**
 * One statement claims a free key, or takes over one that expired or whose
 * claimant died (in flight longer than `staleSeconds`), or reports the row
 * that is there. A claim is committed on its own, before the business
 * transaction, so a concurrent request with the same key sees it at once.
 */
const CLAIM_SQL = `
WITH claim AS (
  INSERT INTO idempotency_keys (client_id, method, path, idem_key, state, claim_token, locked_at, expires_at)
  VALUES ($1, $2, $3, $4, 'in_flight', $5, now(), now() + make_interval(secs => $6))
  ON CONFLICT (client_id, method, path, idem_key) DO UPDATE
    SET state = 'in_flight', claim_token = EXCLUDED.claim_token, locked_at = now(), expires_at = EXCLUDED.expires_at,
        response_status = NULL, response_body = NULL, created_at = now()
    WHERE idempotency_keys.expires_at <= now()
       OR (idempotency_keys.state = 'in_flight' AND idempotency_keys.locked_at < now() - make_interval(secs => $7))
  RETURNING claim_token::text)
SELECT (SELECT claim_token FROM claim) AS claimed, k.state, k.response_status, k.response_body
FROM (SELECT 1) AS one
LEFT JOIN idempotency_keys k ON k.client_id = $1 AND k.method = $2 AND k.path = $3 AND k.idem_key = $4`;

/**
 * A plain read first: replays and in-flight answers take no row lock and
 * write nothing (the claim's ON CONFLICT would lock the row, which costs a
 * commit flush and serialises every replay of one key).
 */
async function peekKey(db: Queryable, scope: IdempotencyScope, staleSeconds: number): Promise<ClaimOutcome | null> {
  const { rows } = await db.query<{ state: string; response_status: number | null; response_body: string | null; live: boolean; fresh: boolean }>(
    `SELECT state, response_status, response_body, expires_at > now() AS live,
            locked_at >= now() - make_interval(secs => $5) AS fresh
     FROM idempotency_keys WHERE client_id = $1 AND method = $2 AND path = $3 AND idem_key = $4`,
    [scope.clientId, scope.method, scope.path, scope.key, staleSeconds],
  );
  const row = rows[0];
  if (!row || !row.live) return null;
  if (row.state === "completed" && row.response_status !== null && row.response_body !== null) {
    return { kind: "replay", response: { status: row.response_status, body: row.response_body } };
  }
  return row.state === "in_flight" && row.fresh ? { kind: "in_flight" } : null;
}

export async function claimKey(
  db: Queryable,
  scope: IdempotencyScope,
  token: string,
  ttlSeconds: number,
  staleSeconds: number,
): Promise<ClaimOutcome> {
  const seen = await peekKey(db, scope, staleSeconds);
  if (seen) return seen;
  // A conflicting row committed while this statement waited is invisible to
  // its snapshot; the next attempt (a new snapshot) sees it.
  for (let attempt = 0; attempt < 5; attempt++) {
    const { rows } = await db.query<ClaimRow>(CLAIM_SQL, [scope.clientId, scope.method, scope.path, scope.key, token, ttlSeconds, staleSeconds]);
    const row = rows[0]!;
    if (row.claimed === token) return { kind: "claimed" };
    if (row.state === "completed" && row.response_status !== null && row.response_body !== null) {
      return { kind: "replay", response: { status: row.response_status, body: row.response_body } };
    }
    if (row.state === "in_flight") return { kind: "in_flight" };
  }
  return { kind: "in_flight" };
}

/**
 * Stores the response under the claim. Run it in the business transaction:
 * the change and its stored response commit together or not at all. Returns
 * false when the claim was lost (taken over after the in-flight window).
 */
export async function completeKey(
  db: Queryable,
  scope: IdempotencyScope,
  token: string,
  response: StoredResponse,
  ttlSeconds: number,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE idempotency_keys
     SET state = 'completed', response_status = $6, response_body = $7, expires_at = now() + make_interval(secs => $8)
     WHERE client_id = $1 AND method = $2 AND path = $3 AND idem_key = $4 AND claim_token = $5 AND state = 'in_flight'`,
    [scope.clientId, scope.method, scope.path, scope.key, token, response.status, response.body, ttlSeconds],
  );
  return rowCount === 1;
}

/** Frees a claim whose request did not succeed, so the same key executes again (spec §4.3 rule 6). */
export async function releaseKey(db: Queryable, scope: IdempotencyScope, token: string): Promise<void> {
  await db.query(
    `DELETE FROM idempotency_keys
     WHERE client_id = $1 AND method = $2 AND path = $3 AND idem_key = $4 AND claim_token = $5 AND state = 'in_flight'`,
    [scope.clientId, scope.method, scope.path, scope.key, token],
  );
}

/** Housekeeping: expired rows are never replayed again. */
export async function purgeExpiredKeys(db: Queryable): Promise<number> {
  const { rowCount } = await db.query("DELETE FROM idempotency_keys WHERE expires_at < now()");
  return rowCount ?? 0;
}
