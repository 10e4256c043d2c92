import "server-only";
import type { ClientBase, Pool, PoolClient } from "pg";
import { withTransaction } from "@/lib/server/core/db/transaction";
import type { AuditActor } from "@/lib/server/core/audit/write";
import { completeKey, type ResponseSlot } from "@/lib/server/core/idempotency/repo";
import { requestInProgress } from "@/lib/server/core/idempotency/transaction";

/**
 * Who acts, for whom, from where: the same for every way in (the /v1 pipeline,
 * portal routes, the console, the CLI, the worker). Its first four fields are
 * what every audit row carries, so a use case writes `{ ...unit.actor, action }`.
 */
export type Actor = {
  /** The organisation acted for. */
  clientId: string;
  /** As the audit trail spells it (lib/server/core/audit/actors.ts): `user:<id>` (a person or an operator), `client:<id>` or `system:<name>`. */
  actor: AuditActor | string;
  ip: string | null;
  correlationId: string | null;
  /** The person behind the act (a portal user), or null for an integration, an operator or a job. */
  person: { userId: string; email: string } | null;
};

/**
 * The unit of work a use case runs in: `fn(unit, input)`.
 *
 * - `db` is the pool, on which a use case opens its own transaction (or, for
 *   a payment, writes in one statement), or the client of a transaction the
 *   caller holds (`inTransaction`), in which the use case writes and which the
 *   caller commits: how an approval makes its payment in the approval's own
 *   transaction.
 * - `responseSlot` is the Idempotency-Key claim whose stored response commits
 *   with the change (null without a key).
 * - `now` is the clock: every rule that reads the time reads it here.
 */
export type Unit = {
  readonly db: Pool | ClientBase;
  readonly inTransaction: boolean;
  readonly responseSlot: ResponseSlot | null;
  readonly actor: Actor;
  readonly now: Date;
};

/** The same unit, writing in the caller's transaction `tx` with `slot` as its Idempotency-Key claim. */
export function unitInTransaction(unit: Unit, tx: ClientBase, slot: ResponseSlot | null): Unit {
  return { ...unit, db: tx, inTransaction: true, responseSlot: slot };
}

/** Runs `fn` in the unit's transaction: the caller's when it holds one, else a new one. */
export function transactionOf<T>(unit: Unit, fn: (tx: PoolClient) => Promise<T>): Promise<T> {
  // A unit in a transaction holds its client; a pool hands one out for the new transaction.
  return unit.inTransaction ? fn(unit.db as PoolClient) : withTransaction(unit.db as Pool, fn);
}

/**
 * Runs `fn` in the unit's transaction and stores what it answers under the
 * unit's Idempotency-Key claim in that same transaction: the change and its
 * replayable response commit together (spec §4.3).
 */
export function respondingTransaction<T>(unit: Unit, fn: (tx: PoolClient) => Promise<T>): Promise<T> {
  return transactionOf(unit, async (tx) => {
    const body = await fn(tx);
    if (unit.responseSlot && !(await completeKey(tx, unit.responseSlot, JSON.stringify(body)))) throw requestInProgress();
    return body;
  });
}
