import { randomUUID } from "node:crypto";
import type { PoolClient } from "pg";
import type { Principal } from "@/lib/auth/tokens";
import { withTransaction } from "@/lib/db/transaction";
import { ApiError } from "@/lib/http/errors";
import type { OperationSpec } from "@/lib/http/operation";
import { JSON_TYPE, renderResponse } from "@/lib/http/respond";
import { claimKey, completeKey, releaseKey, type IdempotencyScope, type StoredResponse } from "@/lib/idempotency/repo";
import type { Runtime } from "@/lib/runtime";

/** A claimant silent this long is presumed dead (decisions §5): its key may be claimed again. */
export const IN_FLIGHT_STALE_S = 60;

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const REPLAYED_HEADER = "Idempotent-Replayed";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Runs `fn` in one database transaction. When the request carries an
 * Idempotency-Key, the value `fn` returns is stored as the response in that
 * same transaction, so the change and its stored response commit together:
 * there is never a payment without its replayable 201. `fn` must therefore
 * return the response body itself. At most one call per request.
 */
export type TransactionRunner = <T>(fn: (tx: PoolClient, respond: RespondEarly<T>) => Promise<T>) => Promise<T>;

/**
 * Optional: stores the response body now, inside the transaction, before
 * its last statements (the payment stores it before taking the account's
 * row lock, so that lock spans only the debit and the commit). If `fn` then
 * returns a different body, or a savepoint rollback undid the early store,
 * the returned body is stored at the end as usual.
 */
export type RespondEarly<T> = (body: T) => Promise<void>;

export type IdempotencySession = {
  transaction: TransactionRunner;
  /** After a 2xx handler: stores the response unless the transaction already did. */
  succeed(body: unknown): Promise<void>;
  /** After any failure: frees the key so a retry executes again (non-2xx are never stored). */
  fail(): Promise<void>;
};

export type IdempotencyOutcome = { replay: StoredResponse } | { session: IdempotencySession };

function plainSession(runtime: Runtime): IdempotencySession {
  return {
    transaction: (fn) => withTransaction(runtime.db, (tx) => fn(tx, async () => {})),
    succeed: async () => {},
    fail: async () => {},
  };
}

function readKey(request: Request): string | null {
  const key = request.headers.get(IDEMPOTENCY_HEADER);
  if (key === null) return null;
  if (key.length > 255 || !UUID.test(key.trim())) {
    throw new ApiError("INVALID_IDEMPOTENCY_KEY", "Idempotency-Key must be a UUID (at most 255 characters).", { field: IDEMPOTENCY_HEADER });
  }
  // UUIDs are case-insensitive: both spellings of one key share its slot.
  return key.trim().toLowerCase();
}

/**
 * The pipeline step (after auth, permission and rate limit; before body
 * validation, so a stored response replays even when the new body differs
 * or is invalid). Without a key, or on operations without idempotency, the
 * handler still gets a plain transaction runner.
 */
export async function idempotencyStep(
  request: Request,
  operation: OperationSpec,
  principal: Principal | null,
  runtime: Runtime,
): Promise<IdempotencyOutcome> {
  if (!operation.idempotency || !principal) return { session: plainSession(runtime) };
  const key = readKey(request);
  if (key === null) return { session: plainSession(runtime) };

  const scope: IdempotencyScope = { clientId: principal.clientId, method: operation.method, path: new URL(request.url).pathname, key };
  const token = randomUUID();
  const ttl = runtime.config.idempotencyTtlSeconds;
  // Claims and releases commit asynchronously (runtime.counterDb): the payment's
  // synchronous commit flushes the WAL up to and including its claim, so a
  // stored response is always durable, and a claim lost in a server crash
  // only frees a key whose request never completed.
  const claim = await claimKey(runtime.counterDb, scope, token, ttl, IN_FLIGHT_STALE_S);
  if (claim.kind === "replay") return { replay: claim.response };
  if (claim.kind === "in_flight") throw new ApiError("REQUEST_IN_PROGRESS", "Request is already being processed.");

  const status = operation.status ?? 200;
  let stored = false;
  let used = false;
  const store = async (db: Pick<PoolClient, "query">, text: string) => {
    if (!(await completeKey(db, scope, token, { status, body: text }, ttl))) {
      // Our claim outlived the in-flight window and another request took the key over.
      throw new ApiError("REQUEST_IN_PROGRESS", "Request is already being processed.");
    }
  };
  return {
    session: {
      transaction: async (fn) => {
        if (used) throw new Error("idempotency: one transaction per request");
        used = true;
        const body = await withTransaction(runtime.db, async (tx) => {
          let early: string | null = null;
          const result = await fn(tx, async (b) => {
            early = JSON.stringify(b);
            await store(tx, early);
          });
          const text = JSON.stringify(result);
          // Skipped when the early store already holds exactly this body.
          if (text !== early) await store(tx, text);
          return result;
        });
        // Only once COMMIT succeeded: a failed commit must still release the key.
        stored = true;
        return body;
      },
      succeed: async (body) => {
        if (!stored) await store(runtime.db, JSON.stringify(body));
        stored = true;
      },
      fail: async () => {
        if (!stored) await releaseKey(runtime.counterDb, scope, token).catch(() => {});
      },
    },
  };
}

/**
 * The stored response with its original status and `Idempotent-Replayed:
 * true`. JSON goes out as the stored text itself (byte for byte, and no
 * parse); another negotiated type is rendered from it.
 */
export function replayResponse(stored: StoredResponse, mediaType: string, headers: Headers): Response {
  headers.set(REPLAYED_HEADER, "true");
  if (mediaType !== JSON_TYPE) return renderResponse(JSON.parse(stored.body), stored.status, mediaType, headers);
  headers.set("content-type", "application/json; charset=utf-8");
  return new Response(stored.body, { status: stored.status, headers });
}
