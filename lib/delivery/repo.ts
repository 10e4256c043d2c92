import type { Queryable } from "@/lib/db/types";

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
  custom_headers: Record<string, string>;
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

export async function insertDelivery(
  db: Queryable,
  row: Pick<DeliveryRow, "client_id" | "delivery_id" | "source_kind" | "source_id" | "event_id" | "url" | "body" | "custom_headers">,
): Promise<void> {
  await db.query(
    `INSERT INTO deliveries (client_id, delivery_id, source_kind, source_id, event_id, url, body, custom_headers, next_attempt_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now())`,
    [row.client_id, row.delivery_id, row.source_kind, row.source_id, row.event_id, row.url, row.body, row.custom_headers],
  );
}

export async function findDelivery(db: Queryable, clientId: string, deliveryId: string): Promise<DeliveryRow | null> {
  const { rows } = await db.query<DeliveryRow>(`SELECT ${COLUMNS} FROM deliveries WHERE client_id = $1 AND delivery_id = $2`, [
    clientId,
    deliveryId,
  ]);
  return rows[0] ?? null;
}

export async function findSigningSettings(db: Queryable, clientId: string): Promise<{ mode: "rsa" | "hmac"; secret: string | null } | null> {
  const { rows } = await db.query<{ signing_mode: "rsa" | "hmac"; signing_secret: string | null }>(
    "SELECT signing_mode, signing_secret FROM clients WHERE client_id = $1",
    [clientId],
  );
  const row = rows[0];
  return row ? { mode: row.signing_mode, secret: row.signing_secret } : null;
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
  await db.query(
    `WITH a AS (
       INSERT INTO delivery_attempts (client_id, delivery_id, attempt_no, attempted_at, status_code, latency_ms, succeeded, error)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT DO NOTHING
       RETURNING attempt_no)
     UPDATE deliveries SET attempt_count = a.attempt_no, status = $9, next_attempt_at = $10, last_error = $8,
       updated_at = clock_timestamp(), completed_at = CASE WHEN $9 = 'Pending' THEN NULL ELSE clock_timestamp() END
     FROM a WHERE client_id = $1 AND delivery_id = $2`,
    [
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
  );
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

/** Attempts of every delivery from one source, newest first (ties by delivery and attempt). */
export async function listAttemptsBySource(
  db: Queryable,
  clientId: string,
  source: { kind: string; id: string },
  page: { limit: number; offset: number },
): Promise<{ rows: AttemptRow[]; total: number }> {
  const { rows } = await db.query<AttemptRow & { total: string }>(
    `SELECT a.delivery_id, a.attempt_no, a.attempted_at, a.status_code, a.latency_ms, a.succeeded, a.error,
            d.status AS delivery_status, d.event_id, d.url, count(*) OVER () AS total
     FROM delivery_attempts a JOIN deliveries d ON d.client_id = a.client_id AND d.delivery_id = a.delivery_id
     WHERE a.client_id = $1 AND d.client_id = $1 AND d.source_kind = $2 AND d.source_id = $3
     ORDER BY a.attempted_at DESC, a.delivery_id DESC, a.attempt_no DESC
     LIMIT $4 OFFSET $5`,
    [clientId, source.kind, source.id, page.limit, page.offset],
  );
  if (rows.length > 0 || page.offset === 0) return { rows, total: Number(rows[0]?.total ?? 0) };
  const count = await db.query<{ total: string }>(
    `SELECT count(*) AS total FROM delivery_attempts a JOIN deliveries d ON d.client_id = a.client_id AND d.delivery_id = a.delivery_id
     WHERE a.client_id = $1 AND d.source_kind = $2 AND d.source_id = $3`,
    [clientId, source.kind, source.id],
  );
  return { rows: [], total: Number(count.rows[0]?.total ?? 0) };
}
