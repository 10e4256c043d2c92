import "server-only";
import { openSigningSecret } from "@/lib/server/core/crypto/stored-secrets";
import type { Queryable } from "@/lib/server/core/db/types";
import type { SealedHeaders } from "@/lib/server/core/crypto/stored-secrets";

/** The only SQL for outbound deliveries and their attempt log. The tenant is in every WHERE. */

export type DeliveryStatus = "Pending" | "Succeeded" | "Failed";

export type DeliveryRow = {
  client_id: string;
  delivery_id: string;
  source_kind: string;
  source_id: string;
  event_id: string | null;
  url: string;
  body: string;
  custom_headers: SealedHeaders;
  status: DeliveryStatus;
  attempt_count: number;
  run_started_at_attempt: number;
  manual_run: boolean;
  next_attempt_at: Date | null;
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
};

export type AttemptRow = {
  delivery_id: string;
  attempt_no: number;
  attempted_at: Date;
  status_code: number | null;
  latency_ms: number;
  succeeded: boolean;
  error: string | null;
  delivery_status: DeliveryStatus;
  event_id: string | null;
  url: string;
};

const COLUMNS = `client_id, delivery_id, source_kind, source_id, event_id, url, body, custom_headers, status, attempt_count,
  run_started_at_attempt, manual_run, next_attempt_at, last_error, created_at, updated_at, completed_at`;
const QUALIFIED_COLUMNS = COLUMNS.split(",")
  .map((c) => `d.${c.trim()}`)
  .join(", ");

export type NewDelivery = Pick<DeliveryRow, "client_id" | "delivery_id" | "source_kind" | "source_id" | "event_id" | "url" | "body" | "custom_headers">;

/** One statement for any number of deliveries (an event fanning out to many subscriptions). */
export async function insertDeliveries(db: Queryable, rows: readonly NewDelivery[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO deliveries (client_id, delivery_id, source_kind, source_id, event_id, url, body, custom_headers, next_attempt_at)
     SELECT c, d, sk, si, e, u, b, h, now()
     FROM unnest($1::text[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::jsonb[]) AS t(c, d, sk, si, e, u, b, h)`,
    [
      rows.map((r) => r.client_id),
      rows.map((r) => r.delivery_id),
      rows.map((r) => r.source_kind),
      rows.map((r) => r.source_id),
      rows.map((r) => r.event_id),
      rows.map((r) => r.url),
      rows.map((r) => r.body),
      rows.map((r) => JSON.stringify(r.custom_headers)),
    ],
  );
}

export async function findDelivery(db: Queryable, clientId: string, deliveryId: string): Promise<DeliveryRow | null> {
  const { rows } = await db.query<DeliveryRow>(`SELECT ${COLUMNS} FROM deliveries WHERE client_id = $1 AND delivery_id = $2`, [clientId, deliveryId]);
  return rows[0] ?? null;
}

export type SigningSettings = { mode: "rsa" | "hmac"; secret: string | null };

/** The delivery and its client's signing settings in one round trip: the hot path of every attempt. */
export async function findDeliveryForAttempt(
  db: Queryable,
  clientId: string,
  deliveryId: string,
): Promise<{ delivery: DeliveryRow; signing: SigningSettings; clientSuspended: boolean } | null> {
  const { rows } = await db.query<DeliveryRow & { signing_mode: "rsa" | "hmac"; signing_secret: string | null; suspended: boolean }>({
    name: "delivery-for-attempt",
    text: `SELECT ${QUALIFIED_COLUMNS}, c.signing_mode, c.signing_secret, c.suspended_at IS NOT NULL AS suspended
     FROM deliveries d JOIN clients c ON c.client_id = d.client_id
     WHERE d.client_id = $1 AND d.delivery_id = $2`,
    values: [clientId, deliveryId],
  });
  const row = rows[0];
  return row ? { delivery: row, signing: { mode: row.signing_mode, secret: openSigningSecret(row.signing_secret) }, clientSuspended: row.suspended } : null;
}

/**
 * Logs attempt `attemptNo` and moves the delivery in one statement. Both
 * are conditional on the attempt not being logged yet, so a task that ran
 * twice (lease lapsed mid-attempt) cannot count an attempt twice.
 */
export async function recordAttempt(
  db: Queryable,
  clientId: string,
  deliveryId: string,
  attempt: { attemptNo: number; attemptedAt: Date; statusCode: number | null; latencyMs: number; succeeded: boolean; error: string | null },
  next: { status: DeliveryStatus; nextAttemptAt: Date | null },
): Promise<void> {
  await db.query({
    name: "delivery-record-attempt",
    text: `WITH a AS (
       INSERT INTO delivery_attempts (client_id, delivery_id, attempt_no, attempted_at, status_code, latency_ms, succeeded, error)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT DO NOTHING
       RETURNING attempt_no)
     UPDATE deliveries SET attempt_count = a.attempt_no, status = $9, next_attempt_at = $10, last_error = $8,
       updated_at = clock_timestamp(), completed_at = CASE WHEN $9 = 'Pending' THEN NULL ELSE clock_timestamp() END
     FROM a WHERE client_id = $1 AND delivery_id = $2`,
    values: [
      clientId,
      deliveryId,
      attempt.attemptNo,
      attempt.attemptedAt,
      attempt.statusCode,
      attempt.latencyMs,
      attempt.succeeded,
      attempt.error?.slice(0, 1000) ?? null,
      next.status,
      next.nextAttemptAt,
    ],
  });
}

/** Starts a manual run (one attempt) of a finished delivery; null when it is still Pending or unknown. */
export async function restartFinishedDelivery(db: Queryable, clientId: string, deliveryId: string): Promise<DeliveryRow | null> {
  const { rows } = await db.query<DeliveryRow>(
    `UPDATE deliveries SET status = 'Pending', manual_run = true, run_started_at_attempt = attempt_count,
       next_attempt_at = now(), completed_at = NULL, updated_at = clock_timestamp()
     WHERE client_id = $1 AND delivery_id = $2 AND status <> 'Pending'
     RETURNING ${COLUMNS}`,
    [clientId, deliveryId],
  );
  return rows[0] ?? null;
}

/**
 * Removes finished deliveries (and their attempts) older than the retention,
 * a bounded batch per call so one run never holds locks for long. Pending
 * deliveries are never touched. Returns how many deliveries went.
 */
export async function purgeFinishedDeliveries(db: Queryable, retentionDays: number, batch = 5000): Promise<number> {
  const { rows } = await db.query<{ purged: string }>(
    `WITH old AS (
       SELECT client_id, delivery_id FROM deliveries
       WHERE status <> 'Pending' AND completed_at < now() - make_interval(days => $1)
       LIMIT $2),
     attempts AS (
       DELETE FROM delivery_attempts a USING old WHERE a.client_id = old.client_id AND a.delivery_id = old.delivery_id),
     gone AS (
       DELETE FROM deliveries d USING old WHERE d.client_id = old.client_id AND d.delivery_id = old.delivery_id
       RETURNING 1)
     SELECT count(*)::text AS purged FROM gone`,
    [retentionDays, batch],
  );
  return Number(rows[0]?.purged ?? 0);
}
