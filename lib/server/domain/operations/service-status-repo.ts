import "server-only";
import type { TInstance, TOldestDueTask, TQueueKind, TWebhookBacklog } from "@/lib/contract/system/bank-status";
import type { Queryable } from "@/lib/server/core/db/types";

/**
 * The operators' service figures, across every client. Each query reads a
 * partial index (open tasks: queue_tasks_open; pending and recently failed
 * deliveries: migrations/0013_scale_out.sql), so the page stays cheap however
 * many finished tasks and deliveries are kept.
 */

/** Instances seen within the last day, newest heartbeat first (one row per process). */
export async function listInstances(db: Queryable, aliveWithinSeconds: number, limit: number): Promise<TInstance[]> {
  const { rows } = await db.query<{ worker_id: string; started_at: Date; seen_at: Date; seen_s: number; alive: boolean }>(
    `SELECT worker_id, started_at, seen_at, extract(epoch FROM now() - seen_at)::float8 AS seen_s,
            seen_at > now() - make_interval(secs => $1) AS alive
       FROM worker_heartbeats
      WHERE seen_at > now() - interval '1 day'
      ORDER BY seen_at DESC, worker_id
      LIMIT $2`,
    [aliveWithinSeconds, limit],
  );
  return rows.map((r) => ({
    workerId: r.worker_id,
    startedAt: r.started_at.toISOString(),
    seenAt: r.seen_at.toISOString(),
    lastSeenSeconds: Math.max(0, Math.round(r.seen_s)),
    alive: r.alive,
  }));
}

/** Open tasks by kind: waiting for a later run, due now, running under a lease. */
export async function queueByKind(db: Queryable): Promise<TQueueKind[]> {
  const { rows } = await db.query<{ kind: string; open: number; due: number; running: number; oldest_due_s: number | null }>(
    `SELECT kind, count(*)::int AS open,
            count(*) FILTER (WHERE run_at <= now() AND (locked_until IS NULL OR locked_until <= now()))::int AS due,
            count(*) FILTER (WHERE locked_until > now())::int AS running,
            extract(epoch FROM now() - min(run_at) FILTER (WHERE run_at <= now() AND (locked_until IS NULL OR locked_until <= now())))::float8 AS oldest_due_s
       FROM queue_tasks
      WHERE done_at IS NULL AND failed_at IS NULL
      GROUP BY kind
      ORDER BY kind`,
  );
  return rows.map((r) => ({
    kind: r.kind,
    open: r.open,
    due: r.due,
    running: r.running,
    oldestDueSeconds: r.oldest_due_s === null ? null : Math.round(r.oldest_due_s),
  }));
}

/** The task that has waited longest past its run time and is not leased: what a stuck worker leaves behind. */
export async function oldestDueTask(db: Queryable): Promise<TOldestDueTask | null> {
  const { rows } = await db.query<{
    task_id: string;
    kind: string;
    client_id: string | null;
    run_at: Date;
    waiting_s: number;
    attempts: number;
    last_error: string | null;
  }>(
    `SELECT task_id::text, kind, client_id, run_at, extract(epoch FROM now() - run_at)::float8 AS waiting_s, attempts, last_error
       FROM queue_tasks
      WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= now() AND (locked_until IS NULL OR locked_until <= now())
      ORDER BY run_at, task_id
      LIMIT 1`,
  );
  const r = rows[0];
  return r
    ? {
        taskId: r.task_id,
        kind: r.kind,
        clientId: r.client_id,
        runAt: r.run_at.toISOString(),
        waitingSeconds: Math.round(r.waiting_s),
        attempts: r.attempts,
        lastError: r.last_error,
      }
    : null;
}

export type Backlog = { pending: number; failedLastDay: number; byClient: TWebhookBacklog[] };

/** Pending webhook deliveries per client (most first, `limit` clients), with the failures of the last day, and the totals of all. */
export async function webhookBacklog(db: Queryable, limit: number): Promise<Backlog> {
  const { rows } = await db.query<{ client_id: string; pending: number; oldest_s: number | null; failed: number; all_pending: number; all_failed: number }>(
    `WITH pending AS (
       SELECT client_id, count(*)::int AS pending, extract(epoch FROM now() - min(created_at))::float8 AS oldest_s
         FROM deliveries WHERE status = 'Pending' GROUP BY client_id
     ), failed AS (
       SELECT client_id, count(*)::int AS failed
         FROM deliveries WHERE status = 'Failed' AND completed_at > now() - interval '1 day' GROUP BY client_id
     )
     SELECT coalesce(p.client_id, f.client_id) AS client_id, coalesce(p.pending, 0) AS pending, p.oldest_s, coalesce(f.failed, 0) AS failed,
            (sum(coalesce(p.pending, 0)) OVER ())::int AS all_pending, (sum(coalesce(f.failed, 0)) OVER ())::int AS all_failed
       FROM pending p FULL JOIN failed f ON f.client_id = p.client_id
      ORDER BY 2 DESC, 4 DESC, 1
      LIMIT $1`,
    [limit],
  );
  return {
    pending: rows[0]?.all_pending ?? 0,
    failedLastDay: rows[0]?.all_failed ?? 0,
    byClient: rows.map((r) => ({
      clientId: r.client_id,
      pending: r.pending,
      oldestPendingSeconds: r.oldest_s === null ? 0 : Math.round(r.oldest_s),
      failedLastDay: r.failed,
    })),
  };
}
