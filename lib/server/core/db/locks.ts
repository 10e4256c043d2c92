import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";

/**
 * Every PostgreSQL advisory-lock id the app takes, in one place, so two features never share one by accident
 * (a shared id makes unrelated work wait for each other, or lets a periodic job think another instance runs it).
 * Add a line here rather than writing a number at the call site; locks.test.ts fails on a repeated id and on a
 * literal id written anywhere else in lib/ or migrations/functions/. Ids are never reused after a lock is retired:
 * an old instance still running during a deploy would take it for the retired meaning.
 *
 * PostgreSQL keeps two key spaces apart: locks on one bigint key (`LOCKS`), and locks on two int4 keys, where we
 * use the first as a namespace and the second as a hash of what is locked (`LOCK_NAMESPACES`). All our ids start
 * 7_270 so that they stand out in pg_locks.
 */
export const LOCKS = {
  /** Session lock: one instance applies migrations at a time (lib/server/core/db/migrate.ts). */
  migrations: 7_270_001,
  /**
   * Session lock: one instance ensures the bank key, secrets and uat demo data (lib/server/entry/runtime.ts). Was 7_270_002,
   * the number of the payment dedupe namespace below: the two never collided (different key spaces), but one number
   * meant two things.
   */
  bootstrap: 7_270_003,
  /** Transaction lock: account numbers are checked and taken one opening at a time (lib/server/domain/operations/accounts-repo.ts). */
  accountNumbering: 7_270_012,

  // Periodic housekeeping (PeriodicJob.lockId): a transaction lock tried by each instance; the one that gets it runs the job.
  purgeRateLimitWindows: 7_270_101,
  purgeFinishedTasks: 7_270_102,
  purgeFinishedDeliveries: 7_270_103,
  sealAuditChains: 7_270_104,
  purgeIdempotencyKeys: 7_270_301,
  /** Elects the instance that sweeps due scheduled payments; the payment's row lock is what makes each once. */
  makeScheduledPayments: 7_270_302,
  purgeAuthRecords: 7_270_105,
  recordRanOutSessions: 7_270_106,
  purgeOldEvents: 7_270_501,
  notifyDraftDeadlines: 7_270_621,
  purgeNotificationMarks: 7_270_622,
} as const;

export const LOCK_NAMESPACES = {
  /**
   * pg_try_advisory_xact_lock(namespace, hashtext(client/rail/instructionIdentification)): one submission per
   * instructionIdentification at a time. Taken in SQL (migrations/functions/payments.sql; first in 0007), so the
   * number is written there too: locks.test.ts checks that it is this one.
   */
  paymentDedupe: 7_270_002,
} as const;

/**
 * Waits for a session lock, held until released or the connection closes: hold the connection meanwhile. The
 * session locks guard start-up work (migrations, the demo data) that another instance may be doing for longer than
 * a request's statement bound, so until released this connection's statements have none (the stall watch still
 * catches a frozen server).
 */
export async function takeSessionLock(client: Queryable, id: number): Promise<void> {
  await client.query("SET statement_timeout = 0");
  await client.query("SELECT pg_advisory_lock($1)", [id]);
}

export async function releaseSessionLock(client: Queryable, id: number): Promise<void> {
  await client.query("SELECT pg_advisory_unlock($1)", [id]);
  // Back to the pool's bound before the connection returns to it.
  await client.query("RESET statement_timeout");
}

/** Waits for a transaction-scoped lock, released at commit or rollback. */
export async function takeTransactionLock(tx: Queryable, id: number): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock($1)", [id]);
}

/** Tries a transaction-scoped lock (released at commit or rollback); false when another session holds it. */
export async function tryTransactionLock(tx: Queryable, id: number): Promise<boolean> {
  const { rows } = await tx.query<{ got: boolean }>("SELECT pg_try_advisory_xact_lock($1) AS got", [id]);
  return rows[0]?.got === true;
}
