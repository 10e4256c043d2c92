import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";

/** The queue's SQL: tasks (queue_tasks), the workers' wake-up channel and their heartbeats (worker_heartbeats). */

/** Also named in SQL (enqueue_task, migrations/0007): the queue tests listen on this and fail if the two differ. */
export const QUEUE_CHANNEL = "harbour_tasks";

export type Task = {
  task_id: string;
  client_id: string | null;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
};

export type EnqueueOptions = { clientId?: string | null; runAt?: Date; dedupeKey?: string };

/**
 * Adds a task. Call it with the transaction that makes the change: the task
 * then exists exactly when the change does (an outbox), and the NOTIFY is
 * delivered at commit, waking the workers at once.
 */
export async function enqueueTask(db: Queryable, kind: string, payload: Record<string, unknown>, options: EnqueueOptions = {}): Promise<void> {
  // One round trip: the SQL function (migrations/0007) inserts and, for a task due now,
  // wakes the workers. A task due later gains nothing from a wake-up (the poll finds
  // it), and a NOTIFY makes the commit take PostgreSQL's database-wide notify lock.
  await db.query({
    name: "queue-enqueue",
    text: "SELECT enqueue_task($1, $2, $3, $4, $5)",
    values: [options.clientId ?? null, kind, payload, options.runAt ?? null, options.dedupeKey ?? null],
  });
}

/**
 * Adds several tasks of one kind in one statement (an event fanning out to
 * many receivers), with one NOTIFY. Same outbox rule as enqueueTask: call
 * it with the transaction that makes the change.
 */
export async function enqueueTasks(
  db: Queryable,
  kind: string,
  payloads: readonly Record<string, unknown>[],
  options: Omit<EnqueueOptions, "dedupeKey"> = {},
): Promise<void> {
  if (payloads.length === 0) return;
  await db.query(
    `INSERT INTO queue_tasks (client_id, kind, payload, run_at)
     SELECT $1, $2, p, coalesce($4, now()) FROM unnest($3::jsonb[]) AS p`,
    [options.clientId ?? null, kind, payloads.map((p) => JSON.stringify(p)), options.runAt ?? null],
  );
  await db.query("SELECT pg_notify($1, $2)", [QUEUE_CHANNEL, kind]);
}

/** Claims up to `limit` due tasks under a lease; tasks whose lease lapsed (a crashed worker) are due again. */
export async function claimTasks(
  db: Queryable,
  workerId: string,
  kinds: readonly string[],
  limit: number,
  /** One lease for all kinds, or one per kind (parallel to `kinds`). */
  leaseSeconds: number | readonly number[],
  /** An upper bound on run_at (a timestamptz literal), or null for now(). */
  dueBefore: string | null = null,
): Promise<Task[]> {
  const { rows } = await db.query<Task>({
    name: "queue-claim",
    text: `UPDATE queue_tasks SET locked_until = now() + make_interval(secs => coalesce(
       (SELECT u.lease FROM unnest($2::text[], $6::int[]) AS u(kind, lease) WHERE u.kind = queue_tasks.kind), $4)),
       locked_by = $1, attempts = attempts + 1
     WHERE task_id IN (
       SELECT task_id FROM queue_tasks
       WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= least(now(), coalesce($5::timestamptz, now()))
         AND (locked_until IS NULL OR locked_until < now()) AND kind = ANY ($2)
       ORDER BY run_at, task_id
       LIMIT $3
       FOR UPDATE SKIP LOCKED)
     RETURNING task_id, client_id, kind, payload, attempts`,
    values:
      typeof leaseSeconds === "number"
        ? [workerId, kinds, limit, leaseSeconds, dueBefore, null]
        : [workerId, kinds, limit, Math.max(...leaseSeconds), dueBefore, leaseSeconds],
  });
  return rows;
}

/** Completion is conditional on still holding the lease, so a worker that overran it cannot clobber a retry. */
export async function completeTasks(db: Queryable, taskIds: readonly string[], workerId: string): Promise<void> {
  await db.query({
    name: "queue-complete",
    text: "UPDATE queue_tasks SET done_at = now(), locked_until = NULL WHERE task_id = ANY ($1::bigint[]) AND locked_by = $2",
    values: [taskIds, workerId],
  });
}

export async function retryTask(db: Queryable, taskId: string, workerId: string, delayMs: number, error: string): Promise<void> {
  await db.query({
    name: "queue-retry",
    text: `UPDATE queue_tasks SET run_at = now() + make_interval(secs => $3::double precision / 1000), locked_until = NULL, last_error = $4
     WHERE task_id = $1 AND locked_by = $2`,
    values: [taskId, workerId, delayMs, error.slice(0, 2000)],
  });
}

export async function failTask(db: Queryable, taskId: string, workerId: string, error: string): Promise<void> {
  await db.query("UPDATE queue_tasks SET failed_at = now(), locked_until = NULL, last_error = $3 WHERE task_id = $1 AND locked_by = $2", [
    taskId,
    workerId,
    error.slice(0, 2000),
  ]);
}

/**
 * Gives leased tasks back (a worker stopping before they finished): due again
 * at once, and the interrupted attempt does not count towards maxAttempts.
 */
export async function releaseTasks(db: Queryable, taskIds: readonly string[], workerId: string): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE queue_tasks SET locked_until = NULL, locked_by = NULL, attempts = greatest(attempts - 1, 0)
     WHERE task_id = ANY ($1::bigint[]) AND locked_by = $2 AND done_at IS NULL AND failed_at IS NULL`,
    [taskIds, workerId],
  );
  return rowCount ?? 0;
}

export async function queueDepth(db: Queryable): Promise<{ due: number; scheduled: number; failed: number }> {
  const { rows } = await db.query<{ due: string; scheduled: string; failed: string }>(
    `SELECT count(*) FILTER (WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= now()) AS due,
            count(*) FILTER (WHERE done_at IS NULL AND failed_at IS NULL AND run_at > now()) AS scheduled,
            count(*) FILTER (WHERE failed_at IS NOT NULL) AS failed
     FROM queue_tasks`,
  );
  const row = rows[0]!;
  return { due: Number(row.due), scheduled: Number(row.scheduled), failed: Number(row.failed) };
}

/** Finished tasks are history the queue no longer needs. */
export async function purgeFinishedTasks(db: Queryable, olderThanSeconds: number): Promise<number> {
  const { rowCount } = await db.query("DELETE FROM queue_tasks WHERE done_at < now() - make_interval(secs => $1)", [olderThanSeconds]);
  return rowCount ?? 0;
}

/** The database's clock as text: a JS Date would drop the microseconds and miss tasks due within the same millisecond. */
export async function databaseNow(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ now: string }>("SELECT now()::text AS now");
  return rows[0]!.now;
}

/** On a connection held for it: NOTIFY on the queue's channel then reaches this worker. */
export async function listenForTasks(listener: Queryable): Promise<void> {
  await listener.query(`LISTEN ${QUEUE_CHANNEL}`);
}

export async function unlistenForTasks(listener: Queryable): Promise<void> {
  await listener.query(`UNLISTEN ${QUEUE_CHANNEL}`);
}

export async function recordHeartbeat(db: Queryable, workerId: string): Promise<void> {
  await db.query("INSERT INTO worker_heartbeats (worker_id) VALUES ($1) ON CONFLICT (worker_id) DO UPDATE SET seen_at = now()", [workerId]);
}

export async function removeHeartbeat(db: Queryable, workerId: string): Promise<void> {
  await db.query("DELETE FROM worker_heartbeats WHERE worker_id = $1", [workerId]);
}

export async function purgeStaleHeartbeats(db: Queryable, olderThanSeconds: number): Promise<void> {
  await db.query("DELETE FROM worker_heartbeats WHERE seen_at < now() - make_interval(secs => $1)", [olderThanSeconds]);
}
