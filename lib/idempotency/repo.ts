import type { Queryable } from "@/lib/db/types";

/** The only SQL for stored idempotent responses. The client is in every WHERE. */

export type IdempotencyScope = { clientId: string; method: string; path: string; key: string };

export type StoredResponse = { status: number; body: string };

export type ClaimOutcome =
  | { kind: "claimed" }
  | { kind: "replay"; response: StoredResponse }
  | { kind: "in_flight" };

/**
 * Reads the key without locking it: replays and in-flight answers write
 * nothing (a locking read would cost a commit flush and serialise every
 * replay of one key).
 */
async function peekKey(db: Queryable, scope: IdempotencyScope, staleSeconds: number): Promise<ClaimOutcome | "absent" | "reclaimable"> {
  const { rows } = await db.query<{ state: string; response_status: number | null; response_body: string | null; live: boolean; fresh: boolean }>(
    `SELECT state, response_status, response_body, expires_at > now() AS live,
            locked_at >= now() - make_interval(secs => $5) AS fresh
     FROM idempotency_keys WHERE client_id = $1 AND method = $2 AND path = $3 AND idem_key = $4`,
    [scope.clientId, scope.method, scope.path, scope.key, staleSeconds],
  );
  const row = rows[0];
  if (!row) return "absent";
  if (!row.live) return "reclaimable";
  if (row.state === "completed" && row.response_status !== null && row.response_body !== null) {
    return { kind: "replay", response: { status: row.response_status, body: row.response_body } };
  }
  return row.fresh ? { kind: "in_flight" } : "reclaimable";
}

/**
 * Claims a key. A fresh key costs one INSERT (ON CONFLICT DO NOTHING takes no
 * lock on an existing row); a taken one is classified by a plain read; an
 * expired row or one whose claimant died (in flight longer than
 * `staleSeconds`) is taken over by a conditional UPDATE, so of two
 * concurrent takeovers exactly one wins. The claim commits on its own,
 * before the business transaction, so a concurrent request with the same key
 * sees it at once.
 */
export async function claimKey(
  db: Queryable,
  scope: IdempotencyScope,
  token: string,
  ttlSeconds: number,
  staleSeconds: number,
): Promise<ClaimOutcome> {
  const pk = [scope.clientId, scope.method, scope.path, scope.key];
  for (let attempt = 0; attempt < 5; attempt++) {
    const inserted = await db.query(
      `INSERT INTO idempotency_keys (client_id, method, path, idem_key, state, claim_token, locked_at, expires_at)
       VALUES ($1, $2, $3, $4, 'in_flight', $5, now(), now() + make_interval(secs => $6))
       ON CONFLICT (client_id, method, path, idem_key) DO NOTHING`,
      [...pk, token, ttlSeconds],
    );
    if (inserted.rowCount === 1) return { kind: "claimed" };
    const seen = await peekKey(db, scope, staleSeconds);
    if (seen === "absent") continue; // released meanwhile: insert again
    if (seen !== "reclaimable") return seen;
    const taken = await db.query(
      `UPDATE idempotency_keys
       SET state = 'in_flight', claim_token = $5, locked_at = now(), expires_at = now() + make_interval(secs => $6),
           response_status = NULL, response_body = NULL, created_at = now()
       WHERE client_id = $1 AND method = $2 AND path = $3 AND idem_key = $4
         AND (expires_at <= now() OR (state = 'in_flight' AND locked_at < now() - make_interval(secs => $7)))`,
      [...pk, token, ttlSeconds, staleSeconds],
    );
    if (taken.rowCount === 1) return { kind: "claimed" };
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
