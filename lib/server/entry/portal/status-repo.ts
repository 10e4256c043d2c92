import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";

/**
 * The status monitor's SQL. The queue and heartbeat tables come with the jobs
 * migration; each is looked up with to_regclass first, so the monitor says
 * "not available" on a database that does not have them rather than failing.
 */

export async function tableExists(db: Queryable, name: string): Promise<boolean> {
  const { rows } = await db.query<{ found: boolean }>("SELECT to_regclass($1) IS NOT NULL AS found", [name]);
  return rows[0]?.found ?? false;
}

export type DatabaseProbe = { version: string; latencyMs: number };

export async function probeDatabase(db: Queryable): Promise<DatabaseProbe> {
  const started = performance.now();
  const { rows } = await db.query<{ version: string }>("SELECT current_setting('server_version') AS version");
  return { version: rows[0]?.version ?? "unknown", latencyMs: Math.round((performance.now() - started) * 10) / 10 };
}

export type QueueCounts = { open: number; due: number; running: number; failedLastDay: number; oldestDueSeconds: number | null };

/** The client's own tasks only: other clients' queues are theirs (bank-wide figures are for bank staff). */
export async function queueCounts(db: Queryable, clientId: string): Promise<QueueCounts> {
  const { rows } = await db.query<{ open: string; due: string; running: string; failed_day: string; oldest_due_s: number | null }>(
    `SELECT count(*) FILTER (WHERE done_at IS NULL AND failed_at IS NULL) AS open,
            count(*) FILTER (WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= now()
                               AND (locked_until IS NULL OR locked_until <= now())) AS due,
            count(*) FILTER (WHERE done_at IS NULL AND failed_at IS NULL AND locked_until > now()) AS running,
            count(*) FILTER (WHERE failed_at > now() - interval '1 day') AS failed_day,
            extract(epoch FROM now() - min(run_at) FILTER (WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= now()))::float8 AS oldest_due_s
       FROM queue_tasks
      WHERE client_id = $1`,
    [clientId],
  );
  const row = rows[0];
  return {
    open: Number(row?.open ?? 0),
    due: Number(row?.due ?? 0),
    running: Number(row?.running ?? 0),
    failedLastDay: Number(row?.failed_day ?? 0),
    oldestDueSeconds: row?.oldest_due_s === null || row?.oldest_due_s === undefined ? null : Math.round(row.oldest_due_s),
  };
}

export type WorkerCounts = { alive: number; lastSeenSeconds: number | null };

export async function workerCounts(db: Queryable, aliveWithinSeconds: number): Promise<WorkerCounts> {
  const { rows } = await db.query<{ alive: string; last_seen_s: number | null }>(
    `SELECT count(*) FILTER (WHERE seen_at > now() - make_interval(secs => $1)) AS alive,
            extract(epoch FROM now() - max(seen_at))::float8 AS last_seen_s
       FROM worker_heartbeats`,
    [aliveWithinSeconds],
  );
  const row = rows[0];
  return {
    alive: Number(row?.alive ?? 0),
    lastSeenSeconds: row?.last_seen_s === null || row?.last_seen_s === undefined ? null : Math.round(row.last_seen_s),
  };
}
