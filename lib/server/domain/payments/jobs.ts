import "server-only";
import { LOCKS } from "@/lib/server/core/db/locks";
import { withTransaction } from "@/lib/server/core/db/transaction";
import type { Task } from "@/lib/server/core/jobs/queue-repo";
import type { PeriodicJob, TaskDefinition } from "@/lib/server/core/jobs/worker";
import { purgeExpiredKeys } from "@/lib/server/core/idempotency/repo";
import { settlePayment } from "@/lib/server/domain/payments/lifecycle";
import { SETTLE_TASK } from "@/lib/server/domain/payments/record";
import type { Runtime } from "@/lib/server/core/runtime";

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

export const PAYMENT_TASKS: readonly TaskDefinition[] = [SETTLE_PAYMENT_TASK];
export const PAYMENT_PERIODIC_JOBS: readonly PeriodicJob[] = [PURGE_IDEMPOTENCY_KEYS_JOB];
