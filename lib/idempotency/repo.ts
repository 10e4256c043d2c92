import type { Queryable } from "@/lib/db/types";

/** The only SQL for stored idempotent responses. The client is in every WHERE. */

export type IdempotencyScope = { clientId: string; method: string; path: string; key: string };

export type StoredResponse = { status: number; body: string };

export type ClaimOutcome =
  | { kind: "claimed" }
  | { kind: "replay"; response: StoredResponse }
  | { kind: "in_flight" };

type ClaimRow = {
  claimed: boolean;
  state: string | null;
  response_status: number | null;
  response_body: string | null;
  live: boolean | null;
  fresh: boolean | null;
};

/**
 * One round trip for the common cases: the INSERT claims a free key, and the
 * outer SELECT reports the row that was already there (its snapshot predates
 * the INSERT). ON CONFLICT DO NOTHING takes no lock and writes nothing, so a
 * replay costs no more than a read (a locking upsert would cost a commit
 * flush and serialise every replay of one key). Named, so each connection
 * plans it once.
 */
const CLAIM = {
  name: "idempotency-claim",
  text: `
WITH ins AS (
  INSERT INTO idempotency_keys (client_id, method, path, idem_key, state, claim_token, locked_at, expires_at)
  VALUES ($1, $2, $3, $4, 'in_flight', $5, now(), now() + make_interval(secs => $6))
  ON CONFLICT (client_id, method, path, idem_key) DO NOTHING
  RETURNING 1)
SELECT EXISTS (SELECT 1 FROM ins) AS claimed, k.state, k.response_status, k.response_body,
       k.expires_at > now() AS live, k.locked_at >= now() - make_interval(secs => $7) AS fresh
FROM (SELECT 1) AS one
LEFT JOIN idempotency_keys k ON k.client_id = $1 AND k.method = $2 AND k.path = $3 AND k.idem_key = $4`,
};

/**
 * Claims a key, or reports a stored response or a live claim. An expired row,
 * or one whose claimant died (in flight longer than `staleSeconds`), is taken
 * over by a conditional UPDATE, so of two concurrent takeovers exactly one
 * wins. The claim commits on its own, before the business transaction, so a
 * concurrent request with the same key sees it at once.
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
    const { rows } = await db.query<ClaimRow>({ ...CLAIM, values: [...pk, token, ttlSeconds, staleSeconds] });
    const row = rows[0]!;
    if (row.claimed) return { kind: "claimed" };
    // Inserted by a concurrent claimant after this statement's snapshot: look again.
    if (row.state === null) continue;
    if (row.live && row.state === "completed" && row.response_status !== null && row.response_body !== null) {
      return { kind: "replay", response: { status: row.response_status, body: row.response_body } };
    }
    if (row.live && row.fresh) return { kind: "in_flight" };
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
 * Where a claimed request's response goes: the claim's scope and token, the
 * status to store and how long to keep it. A single-statement write passes it
 * to SQL complete_idempotency_key (migrations/0007) itself.
 */
export type ResponseSlot = IdempotencyScope & { token: string; status: number; ttlSeconds: number };

/**
 * Stores the response under the claim (again, if an earlier store in the
 * same transaction is to be replaced). Run it in the business transaction:
 * the change and its stored response commit together or not at all. Returns
 * false when the claim was lost (taken over after the in-flight window): the
 * claim token, unique per claim, is the only condition.
 */
export async function completeKey(db: Queryable, slot: ResponseSlot, body: string): Promise<boolean> {
  const { rows } = await db.query<{ ok: boolean }>({
    name: "idempotency-complete",
    text: "SELECT complete_idempotency_key($1, $2) AS ok",
    values: [slot, body],
  });
  return rows[0]!.ok;
}

/** SQLSTATE a single-statement write raises when complete_idempotency_key found its claim lost. */
export const CLAIM_LOST_SQLSTATE = "HB409";

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
