import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";
import type { TCurrencyTotal, TPaymentRunItem, TRunItemStatus } from "@/lib/contract/payment-runs/schema";
import type { TRail } from "@/lib/contract/payments/schema";
import { sealCustomHeaders, type SealedHeaders } from "@/lib/server/core/crypto/stored-secrets";

/** The only SQL for payment runs and their items. The tenant is in every WHERE. */

export type RunStatus = "Pending" | "Processing" | "Completed" | "Failed";
export type RunFormat = "json" | "csv" | "pain.001";

export type BatchRow = {
  batch_id: string;
  status: RunStatus;
  format: RunFormat;
  reference: string | null;
  message_id: string | null;
  total_items: number;
  processed_items: number;
  created_items: number;
  failed_items: number;
  rejected_items: number;
  totals: TCurrencyTotal[];
  rails: TRail[];
  callback_url: string | null;
  custom_headers: SealedHeaders;
  base_url: string;
  actor: string;
  person: { userId: string; email: string } | null;
  ip: string | null;
  correlation_id: string | null;
  approved_by: Array<{ email: string; decidedAt: string }>;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
};

const BATCH_COLUMNS = `batch_id::text, status, format, reference, message_id, total_items, processed_items, created_items, failed_items, rejected_items,
  totals, rails, callback_url, custom_headers, base_url, actor, person, ip, correlation_id, approved_by, created_at, updated_at, completed_at`;

export type NewBatch = Omit<
  BatchRow,
  | "status"
  | "total_items"
  | "processed_items"
  | "created_items"
  | "failed_items"
  | "rejected_items"
  | "created_at"
  | "updated_at"
  | "completed_at"
  | "custom_headers"
> & {
  clientId: string;
  /** As the client sent them: sealed here on the way in. */
  custom_headers: Record<string, string>;
  items: ReadonlyArray<TPaymentRunItem & { endToEndId: string | null; paymentInfoId: string | null }>;
};

/** The run and its items: two statements (the items one multi-row INSERT), in the caller's transaction. */
export async function insertBatch(db: Queryable, batch: NewBatch): Promise<BatchRow> {
  const { rows } = await db.query<BatchRow>(
    `INSERT INTO payment_batches (client_id, batch_id, format, reference, total_items, totals, rails, callback_url, custom_headers, base_url,
       actor, person, ip, correlation_id, approved_by, message_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING ${BATCH_COLUMNS}`,
    [
      batch.clientId,
      batch.batch_id,
      batch.format,
      batch.reference,
      batch.items.length,
      JSON.stringify(batch.totals),
      batch.rails,
      batch.callback_url,
      sealCustomHeaders(batch.custom_headers),
      batch.base_url,
      batch.actor,
      batch.person,
      batch.ip,
      batch.correlation_id,
      JSON.stringify(batch.approved_by),
      batch.message_id,
    ],
  );
  await db.query(
    `INSERT INTO payment_batch_items (client_id, batch_id, item_index, rail, request, end_to_end_id, payment_info_id)
     SELECT $1, $2, x.ordinality - 1, x.value->>'rail', x.value->'request', x.value->>'endToEndId', x.value->>'paymentInfoId'
     FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS x`,
    [batch.clientId, batch.batch_id, JSON.stringify(batch.items)],
  );
  return rows[0]!;
}

export async function findBatch(db: Queryable, clientId: string, batchId: string): Promise<BatchRow | null> {
  const { rows } = await db.query<BatchRow>(`SELECT ${BATCH_COLUMNS} FROM payment_batches WHERE client_id = $1 AND batch_id = $2`, [clientId, batchId]);
  return rows[0] ?? null;
}

/** Serialises a run's chunks: whoever holds this row lock alone makes its next items. */
export async function lockBatch(db: Queryable, clientId: string, batchId: string): Promise<BatchRow | null> {
  const { rows } = await db.query<BatchRow>(`SELECT ${BATCH_COLUMNS} FROM payment_batches WHERE client_id = $1 AND batch_id = $2 FOR UPDATE`, [
    clientId,
    batchId,
  ]);
  return rows[0] ?? null;
}

export async function markBatchStarted(db: Queryable, clientId: string, batchId: string): Promise<void> {
  await db.query(
    `UPDATE payment_batches SET status = 'Processing', started_at = coalesce(started_at, clock_timestamp()), updated_at = clock_timestamp()
     WHERE client_id = $1 AND batch_id = $2 AND status = 'Pending'`,
    [clientId, batchId],
  );
}

export type TodoItem = TPaymentRunItem & { index: number };

/** The next items without a result, in file order. */
export async function nextItems(db: Queryable, clientId: string, batchId: string, limit: number): Promise<TodoItem[]> {
  const { rows } = await db.query<{ index: number; rail: TRail; request: TPaymentRunItem["request"] }>(
    `SELECT item_index AS index, rail, request FROM payment_batch_items
     WHERE client_id = $1 AND batch_id = $2 AND status IS NULL ORDER BY item_index LIMIT $3`,
    [clientId, batchId, limit],
  );
  return rows as TodoItem[];
}

export type ItemResult = {
  index: number;
  status: TRunItemStatus;
  paymentId: string | null;
  transactionStatus: string | null;
  errorCode: string | null;
  errorMessage: string | null;
};

/** Records a chunk's results and advances the run's counters in one statement; answers the run as it now stands. */
export async function recordResults(db: Queryable, clientId: string, batchId: string, results: readonly ItemResult[]): Promise<BatchRow> {
  const { rows } = await db.query<BatchRow>(
    `WITH input AS (
       SELECT * FROM jsonb_to_recordset($3::jsonb)
         AS x("index" int, status text, "paymentId" uuid, "transactionStatus" text, "errorCode" text, "errorMessage" text)),
     done AS (
       UPDATE payment_batch_items i SET status = x.status, payment_id = x."paymentId", transaction_status = x."transactionStatus",
         error_code = x."errorCode", error_message = x."errorMessage"
       FROM input x
       WHERE i.client_id = $1 AND i.batch_id = $2 AND i.item_index = x."index" AND i.status IS NULL
       RETURNING i.status)
     UPDATE payment_batches SET
       processed_items = processed_items + (SELECT count(*) FROM done),
       created_items = created_items + (SELECT count(*) FROM done WHERE status = 'Created'),
       failed_items = failed_items + (SELECT count(*) FROM done WHERE status = 'Failed'),
       rejected_items = rejected_items + (SELECT count(*) FROM done WHERE status = 'Rejected'),
       updated_at = clock_timestamp()
     WHERE client_id = $1 AND batch_id = $2 RETURNING ${BATCH_COLUMNS}`,
    [clientId, batchId, JSON.stringify(results)],
  );
  return rows[0]!;
}

/** The run ends: Completed once every item has its result, or Failed when the job gave up. */
export async function finishBatch(
  db: Queryable,
  clientId: string,
  batchId: string,
  status: "Completed" | "Failed",
  reason: string | null,
): Promise<BatchRow | null> {
  const { rows } = await db.query<BatchRow>(
    `UPDATE payment_batches SET status = $3, failure_reason = $4, updated_at = clock_timestamp(), completed_at = clock_timestamp()
     WHERE client_id = $1 AND batch_id = $2 AND status IN ('Pending', 'Processing') RETURNING ${BATCH_COLUMNS}`,
    [clientId, batchId, status, reason?.slice(0, 1000) ?? null],
  );
  return rows[0] ?? null;
}

export type ResultRow = {
  item_index: number;
  status: TRunItemStatus | null;
  payment_id: string | null;
  /** The payment's status now (it settles after the run), else the one recorded. */
  transaction_status: string | null;
  end_to_end_id: string | null;
  payment_info_id: string | null;
  /** The payment's reference at the bank (Max35Text), for the pain.002's AcctSvcrRef. */
  unique_identifier: string | null;
  error_code: string | null;
  error_message: string | null;
};

/** Processed items in file order, a page at a time, with their payments' current status. */
export async function listResults(db: Queryable, clientId: string, batchId: string, page: { limit: number; offset: number }): Promise<ResultRow[]> {
  const { rows } = await db.query<ResultRow>(
    `SELECT i.item_index, i.status, i.payment_id::text, coalesce(p.status, i.transaction_status) AS transaction_status, i.end_to_end_id,
       i.payment_info_id, p.unique_identifier, i.error_code, i.error_message
     FROM payment_batch_items i
     LEFT JOIN payments p ON p.client_id = i.client_id AND p.payment_id = i.payment_id
     WHERE i.client_id = $1 AND i.batch_id = $2 AND i.status IS NOT NULL
     ORDER BY i.item_index LIMIT $3 OFFSET $4`,
    [clientId, batchId, page.limit, page.offset],
  );
  return rows;
}

/** The client's runs, newest first (ties by id), a page at a time, with the total. */
export async function listBatches(db: Queryable, clientId: string, page: { limit: number; offset: number }): Promise<{ rows: BatchRow[]; total: number }> {
  // One after the other: db may be a transaction's client, which runs one query at a time.
  const { rows } = await db.query<BatchRow>(
    `SELECT ${BATCH_COLUMNS} FROM payment_batches WHERE client_id = $1 ORDER BY created_at DESC, batch_id DESC LIMIT $2 OFFSET $3`,
    [clientId, page.limit, page.offset],
  );
  const count = await db.query<{ total: string }>("SELECT count(*) AS total FROM payment_batches WHERE client_id = $1", [clientId]);
  return { rows, total: Number(count.rows[0]!.total) };
}
