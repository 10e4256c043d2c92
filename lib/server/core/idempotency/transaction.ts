import "server-only";
import type { PoolClient } from "pg";
import { ApiError } from "@/lib/contract/http/errors";

/**
 * Runs `fn` in one database transaction. When the request carries an
 * Idempotency-Key, the value `fn` returns is stored as the response in that
 * same transaction, so the change and its stored response commit together:
 * there is never a change without its replayable response. `fn` must
 * therefore return the response body itself. At most one call per request.
 */
export type TransactionRunner = <T>(fn: (tx: PoolClient) => Promise<T>) => Promise<T>;

/** Spec §4.3: the key's first request has not finished (or, for a claimant that overran the in-flight window, was taken over). */
export function requestInProgress(): ApiError {
  return new ApiError("REQUEST_IN_PROGRESS", "Request is already being processed.");
}
