import "server-only";
import type { Pool } from "pg";
import { metrics } from "@/lib/server/core/observability/metrics";
import type { Runtime } from "@/lib/server/core/runtime";

/**
 * Reads the shared state the gauges describe, at scrape time: every instance
 * reports the same queue and backlog figures (alert on max(), not sum()).
 * Each query uses a partial index (migrations/0013_scale_out.sql), so a scrape
 * stays cheap however many finished tasks and deliveries are kept.
 */
export async function refreshGauges(runtime: Pick<Runtime, "db" | "counterDb">): Promise<void> {
  const m = metrics();
  const { db } = runtime;
  const [queue, backlog, instances] = await Promise.all([
    db.query<{ kind: string; due: number; oldest_s: number | null }>(
      `SELECT kind, count(*) FILTER (WHERE locked_until IS NULL OR locked_until < now())::int AS due,
              extract(epoch FROM now() - min(run_at))::float8 AS oldest_s
         FROM queue_tasks WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= now() GROUP BY kind`,
    ),
    db.query<{ client_id: string; subscription_id: string; pending: number; failed: number }>(
      `SELECT client_id, source_id AS subscription_id, count(*) FILTER (WHERE status = 'Pending')::int AS pending,
              count(*) FILTER (WHERE status = 'Failed')::int AS failed
         FROM deliveries
        WHERE source_kind = 'subscription'
          AND (status = 'Pending' OR (status = 'Failed' AND completed_at > now() - interval '1 day'))
        GROUP BY client_id, source_id`,
    ),
    db.query<{ alive: number }>("SELECT count(*)::int AS alive FROM worker_heartbeats WHERE seen_at > now() - interval '30 seconds'"),
  ]);
  // Reset first: a kind or subscription with nothing left must drop to absent, not keep its last value.
  m.queueDepth.reset();
  m.queueOldest.reset();
  for (const row of queue.rows) {
    m.queueDepth.set({ kind: row.kind }, row.due);
    m.queueOldest.set({ kind: row.kind }, row.oldest_s ?? 0);
  }
  m.webhookBacklog.reset();
  m.webhookFailures.reset();
  for (const row of backlog.rows) {
    const labels = { client_id: row.client_id, subscription_id: row.subscription_id };
    m.webhookBacklog.set(labels, row.pending);
    m.webhookFailures.set(labels, row.failed);
  }
  m.instances.set(instances.rows[0]?.alive ?? 0);
  setPool("main", runtime.db);
  setPool("counters", runtime.counterDb);
}

function setPool(pool: string, p: Pool): void {
  const gauge = metrics().poolConnections;
  gauge.set({ pool, state: "total" }, p.totalCount);
  gauge.set({ pool, state: "idle" }, p.idleCount);
  gauge.set({ pool, state: "waiting" }, p.waitingCount);
}
