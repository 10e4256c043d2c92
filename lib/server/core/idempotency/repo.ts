import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";

/** The only SQL for stored idempotent responses. The client is in every WHERE. */

/** A claimant silent this long is presumed dead (decisions §5): its key may be claimed again. */
export const IN_FLIGHT_STALE_S = 60;

export type IdempotencyScope = { clientId: string; method: string; path: string; key: string };

export type StoredResponse = { status: number; body: string };

export type ClaimOutcome = { kind: "claimed" } | { kind: "replay"; response: StoredResponse } | { kind: "in_flight" };

/** What SQL claim_idempotency_key answers (migrations/0007). */
export type ClaimJson = { kind: "claimed" } | { kind: "in_flight" } | { kind: "replay"; status: number; body: string };

export function toClaimOutcome(json: ClaimJson): ClaimOutcome {
  return json.kind === "replay" ? { kind: "replay", response: { status: json.status, body: json.body } } : { kind: json.kind };
}

/**
 * Claims a key, or reports a stored response or a live claim; an expired or
 * abandoned claim is taken over (SQL claim_idempotency_key). The claim
 * commits on its own, before the business transaction, so a concurrent
 * request with the same key sees it at once. The pipeline makes the same
 * call inside its admission statement (lib/server/entry/http/rate-limit.ts).
 */
export async function claimKey(db: Queryable, scope: IdempotencyScope, token: string, ttlSeconds: number, staleSeconds: number): Promise<ClaimOutcome> {
  const { rows } = await db.query<{ claim: ClaimJson }>({
    name: "idempotency-claim",
    text: "SELECT claim_idempotency_key($1, $2, $3, $4, $5, $6, $7) AS claim",
    values: [scope.clientId, scope.method, scope.path, scope.key, token, ttlSeconds, staleSeconds],
  });
  return toClaimOutcome(rows[0]!.claim);
}

/**
 * Where a claimed request's response goes: the claim's scope and token, the
 * status to store and how long to keep it. A single-statement write passes it
 * to SQL complete_idempotency_key (migrations/0007) itself.
 */
export type ResponseSlot = IdempotencyScope & { token: string; status: number; ttlSeconds: number };

/** A claim to make: its slot, and how long an in-flight claim lives before it counts as abandoned. */
export type ClaimRequest = { slot: ResponseSlot; staleSeconds: number };

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
