import "server-only";
import { randomUUID } from "node:crypto";
import { IDEMPOTENCY_HEADER } from "@/lib/contract/http/operation";
import type { Pool, PoolClient } from "pg";
import type { Principal } from "@/lib/server/core/auth/tokens";
import { withTransaction } from "@/lib/server/core/db/transaction";
import { ApiError } from "@/lib/contract/http/errors";
import type { OperationSpec } from "@/lib/contract/http/operation";
import { JSON_TYPE, renderResponse } from "@/lib/server/entry/http/respond";
import {
  IN_FLIGHT_STALE_S,
  completeKey,
  releaseKey,
  type ClaimOutcome,
  type ClaimRequest,
  type IdempotencyScope,
  type ResponseSlot,
  type StoredResponse,
} from "@/lib/server/core/idempotency/repo";
import type { Runtime } from "@/lib/server/core/runtime";
import { requestInProgress, type TransactionRunner } from "@/lib/server/core/idempotency/transaction";

export type { TransactionRunner };

export const REPLAYED_HEADER = "Idempotent-Replayed";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The unit of work of a change made by one statement in its own transaction
 * (one round trip: the payment submission). The domain passes it through to
 * its repo untouched; the repo's statement stores the response body in the
 * same transaction through `responseSlot` (null without a key; SQL
 * hold_idempotency_claim and complete_idempotency_key, run by the batch
 * statement around the domain's function), writing nothing and answering
 * requestInProgress() when the claim is no longer its own.
 */
export type StatementUnit = { readonly db: Pool; readonly responseSlot: ResponseSlot | null };

/** Runs `write` in a statement unit of work. Use it or `transaction`, once per request. */
export type StatementRunner = <T>(write: (unit: StatementUnit) => Promise<T>) => Promise<T>;

export type IdempotencySession = {
  transaction: TransactionRunner;
  statement: StatementRunner;
  /** After a 2xx handler: stores the response unless the transaction already did. */
  succeed(body: unknown): Promise<void>;
  /** After any failure: frees the key so a retry executes again (non-2xx are never stored). */
  fail(): Promise<void>;
};

export type IdempotencyOutcome = { replay: StoredResponse } | { session: IdempotencySession };

function plainSession(runtime: Runtime): IdempotencySession {
  return {
    transaction: (fn) => withTransaction(runtime.db, fn),
    statement: (write) => write({ db: runtime.db, responseSlot: null }),
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
 * Before admission: the claim to make (in the admission round trip,
 * lib/server/entry/http/rate-limit.ts) when the operation is idempotent and
 * the request carries a key (400 for a malformed one, checked with the other
 * header syntax before any database work). Null otherwise.
 */
export function prepareClaim(request: Request, operation: OperationSpec, principal: Principal | null, runtime: Runtime): ClaimRequest | null {
  if (!operation.idempotency || !principal) return null;
  const key = readKey(request);
  if (key === null) return null;
  const scope: IdempotencyScope = { clientId: principal.clientId, method: operation.method, path: new URL(request.url).pathname, key };
  return {
    slot: Object.assign({}, scope, { token: randomUUID(), status: operation.status ?? 200, ttlSeconds: runtime.config.idempotencyTtlSeconds }),
    staleSeconds: IN_FLIGHT_STALE_S,
  };
}

/**
 * The pipeline step after admission, which made the claim (on
 * runtime.counterDb: claims and releases commit asynchronously, and the
 * change's synchronous commit flushes the WAL up to and including its claim,
 * so a stored response is always durable, and a claim lost in a server crash
 * only frees a key whose request never completed). Before body validation,
 * so a stored response replays even when the new body differs or is
 * invalid. Without a key, or on operations without idempotency, the handler
 * still gets plain runners.
 */
export function idempotencyStep(prepared: ClaimRequest | null, claim: ClaimOutcome | null, runtime: Runtime): IdempotencyOutcome {
  if (!prepared || !claim) return { session: plainSession(runtime) };
  if (claim.kind === "replay") return { replay: claim.response };
  if (claim.kind === "in_flight") throw requestInProgress();
  const { slot } = prepared;

  let stored = false;
  let used = false;
  const once = () => {
    if (used) throw new Error("idempotency: one transaction or statement per request");
    used = true;
  };
  const store = async (db: Pick<PoolClient, "query">, body: unknown) => {
    // False: our claim outlived the in-flight window and another request took the key over.
    if (!(await completeKey(db, slot, JSON.stringify(body)))) throw requestInProgress();
  };
  return {
    session: {
      transaction: async (fn) => {
        once();
        const body = await withTransaction(runtime.db, async (tx) => {
          const result = await fn(tx);
          await store(tx, result);
          return result;
        });
        // Only once COMMIT succeeded: a failed commit must still release the key.
        stored = true;
        return body;
      },
      statement: async (write) => {
        once();
        const body = await write({ db: runtime.db, responseSlot: slot });
        stored = true;
        return body;
      },
      succeed: async (body) => {
        if (!stored) await store(runtime.db, body);
        stored = true;
      },
      fail: async () => {
        if (!stored) await releaseKey(runtime.counterDb, slot, slot.token).catch(() => {});
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
