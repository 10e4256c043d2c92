import "server-only";
import type { Pool } from "pg";
import { LOCKS } from "@/lib/server/core/db/locks";
import { withTransaction } from "@/lib/server/core/db/transaction";
import type { Task } from "@/lib/server/core/jobs/queue-repo";
import type { PeriodicJob, TaskDefinition } from "@/lib/server/core/jobs/worker";
import { purgeExpiredKeys } from "@/lib/server/core/idempotency/repo";
import { settlePayment } from "@/lib/server/domain/payments/lifecycle";
import { SETTLE_TASK } from "@/lib/server/domain/payments/record";
import { makeDueScheduledPayments } from "@/lib/server/domain/payments/scheduled";
import type { Runtime } from "@/lib/server/core/runtime";
import { makeDueStandingOrders } from "@/lib/server/domain/standing-orders/service";

/** Settles one payment on its settlement date (enqueued with the payment, dedupeKey = payment id). */
export const SETTLE_PAYMENT_TASK: TaskDefinition = {
  kind: SETTLE_TASK,
  leaseSeconds: 60,
  maxAttempts: 10,
  handle: async (task: Task, runtime: Runtime) => {
    const paymentId = task.payload.paymentId;
    if (typeof paymentId !== "string" || !task.client_id) throw new Error("payment.settle: malformed task");
    const clientId = task.client_id;
    await withTransaction(runtime.db, (tx) => settlePayment(tx, clientId, paymentId));
  },
};

/** Stored idempotent responses past their TTL are never replayed; delete them. */
export const PURGE_IDEMPOTENCY_KEYS_JOB: PeriodicJob = {
  name: "purge-idempotency-keys",
  lockId: LOCKS.purgeIdempotencyKeys,
  everyMs: 5 * 60_000,
  run: async (runtime) => {
    await purgeExpiredKeys(runtime.db);
  },
};

/**
 * Makes the Scheduled payments whose bank day has come (docs/scheduling.md), after the standing orders whose latest
 * occurrence's day has come have made their next occurrence. Every minute, so a payment is made within a minute of its
 * day's start; each claim is a row lock (the order's, the payment's), so a second instance sweeping too is harmless.
 */
export const MAKE_SCHEDULED_PAYMENTS_JOB: PeriodicJob = {
  name: "make-scheduled-payments",
  lockId: LOCKS.makeScheduledPayments,
  everyMs: 60_000,
  run: async (runtime) => {
    await sweepSchedules(runtime.db, { now: new Date(), lockTimeoutMs: runtime.config.dedupeLockTimeoutMs });
  },
};

/** One sweep at `now`: the standing orders' next occurrences first, then the Scheduled payments due (the tests move `now`). */
export async function sweepSchedules(db: Pool, options: { now: Date; lockTimeoutMs: number }): Promise<void> {
  try {
    await makeDueStandingOrders(db, options);
  } finally {
    // An order that cannot advance never holds back the day's scheduled payments; its error still fails the run (logged).
    await makeDueScheduledPayments(db, options);
  }
}

export const PAYMENT_TASKS: readonly TaskDefinition[] = [SETTLE_PAYMENT_TASK];
export const PAYMENT_PERIODIC_JOBS: readonly PeriodicJob[] = [PURGE_IDEMPOTENCY_KEYS_JOB, MAKE_SCHEDULED_PAYMENTS_JOB];
