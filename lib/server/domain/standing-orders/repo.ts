import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";
import type { TRail } from "@/lib/contract/payments/schema";
import type { TStandingOrderStatus, TStandingSchedule } from "@/lib/contract/standing-orders/schema";

/** The only SQL of standing orders (migrations/0066_standing_orders.sql). The tenant is in every WHERE on one order. */

export type OccurrenceFailure = { occurrenceDate: string; code: string; message: string };

export type StandingOrderRow = {
  client_id: string;
  standing_order_id: string;
  rail: TRail;
  request: Record<string, unknown>;
  schedule: TStandingSchedule;
  status: TStandingOrderStatus;
  next_occurrence_date: string | null;
  last_occurrence_date: string | null;
  last_payment_id: string | null;
  occurrences_made: number;
  last_failure: OccurrenceFailure | null;
  created_by: string;
  created_by_person: { userId: string; email: string } | null;
  created_at: Date;
  updated_at: Date;
  /** The earliest execution date of the order's occurrences still Scheduled (the next day one will be made), if any. */
  pending_execution_date: string | null;
};

const COLUMNS = `o.client_id, o.standing_order_id::text, o.rail, o.request, o.schedule, o.status, o.next_occurrence_date::text,
  o.last_occurrence_date::text, o.last_payment_id::text, o.occurrences_made, o.last_failure, o.created_by, o.created_by_person,
  o.created_at, o.updated_at,
  (SELECT min(p.execution_date)::text FROM payments p
    WHERE p.client_id = o.client_id AND p.standing_order_id = o.standing_order_id AND p.status = 'Scheduled') AS pending_execution_date`;

export async function insertStandingOrder(
  db: Queryable,
  row: Pick<
    StandingOrderRow,
    "client_id" | "standing_order_id" | "rail" | "request" | "schedule" | "next_occurrence_date" | "created_by" | "created_by_person"
  > & {
    now: Date;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO standing_orders (client_id, standing_order_id, rail, request, schedule, status, next_occurrence_date, created_by, created_by_person,
       created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, 'Active', $6, $7, $8, $9, $9)`,
    [
      row.client_id,
      row.standing_order_id,
      row.rail,
      JSON.stringify(row.request),
      JSON.stringify(row.schedule),
      row.next_occurrence_date,
      row.created_by,
      row.created_by_person ? JSON.stringify(row.created_by_person) : null,
      row.now,
    ],
  );
}

/** One order; `lock` holds its row (a cancel waits for a worker making its occurrence, and the other way round). */
export async function findStandingOrder(db: Queryable, clientId: string, standingOrderId: string, lock = false): Promise<StandingOrderRow | null> {
  const { rows } = await db.query<StandingOrderRow>(
    `SELECT ${COLUMNS} FROM standing_orders o WHERE o.client_id = $1 AND o.standing_order_id = $2${lock ? " FOR UPDATE OF o" : ""}`,
    [clientId, standingOrderId],
  );
  return rows[0] ?? null;
}

/** The Active orders whose latest occurrence's day has come by `today` (a bank date): what the worker's sweep advances. */
export async function findDueStandingOrders(db: Queryable, today: string, limit: number): Promise<Array<{ client_id: string; standing_order_id: string }>> {
  const { rows } = await db.query<{ client_id: string; standing_order_id: string }>(
    `SELECT client_id, standing_order_id::text FROM standing_orders WHERE status = 'Active' AND last_occurrence_date <= $1::date
     ORDER BY last_occurrence_date, created_at, standing_order_id LIMIT $2`,
    [today, limit],
  );
  return rows;
}

/**
 * The worker's claim: the order's row lock, held until the transaction that makes its next occurrence commits, taken
 * only while the order is Active and due. SKIP LOCKED: an order another worker is advancing is left to it; once that
 * one commits, the order is no longer due for that occurrence, so each occurrence is made once.
 */
export async function claimDueStandingOrder(db: Queryable, clientId: string, standingOrderId: string, today: string): Promise<StandingOrderRow | null> {
  const { rows } = await db.query<StandingOrderRow>(
    `SELECT ${COLUMNS} FROM standing_orders o
     WHERE o.client_id = $1 AND o.standing_order_id = $2 AND o.status = 'Active' AND o.last_occurrence_date <= $3::date
     FOR UPDATE OF o SKIP LOCKED`,
    [clientId, standingOrderId, today],
  );
  return rows[0] ?? null;
}

/** The belt under the row lock: an occurrence is claimed once (primary key), or the transaction fails. */
export async function claimOccurrence(db: Queryable, clientId: string, standingOrderId: string, occurrenceDate: string): Promise<void> {
  await db.query(`INSERT INTO standing_order_occurrences (client_id, standing_order_id, occurrence_date) VALUES ($1, $2, $3)`, [
    clientId,
    standingOrderId,
    occurrenceDate,
  ]);
}

/** The order moved past an occurrence: its payment (or the rail's refusal), and the next occurrence (null: none left). */
export async function advanceStandingOrder(
  db: Queryable,
  clientId: string,
  standingOrderId: string,
  step: { occurrenceDate: string; paymentId: string | null; failure: OccurrenceFailure | null; next: string | null; now: Date },
): Promise<void> {
  await db.query(`UPDATE standing_order_occurrences SET payment_id = $4 WHERE standing_order_id = $2 AND occurrence_date = $3 AND client_id = $1`, [
    clientId,
    standingOrderId,
    step.occurrenceDate,
    step.paymentId,
  ]);
  await db.query(
    `UPDATE standing_orders SET last_occurrence_date = $3, last_payment_id = COALESCE($4, last_payment_id),
       occurrences_made = occurrences_made + CASE WHEN $4::uuid IS NULL THEN 0 ELSE 1 END,
       last_failure = COALESCE($5::jsonb, last_failure), next_occurrence_date = $6, updated_at = $7
     WHERE client_id = $1 AND standing_order_id = $2`,
    [clientId, standingOrderId, step.occurrenceDate, step.paymentId, step.failure ? JSON.stringify(step.failure) : null, step.next, step.now],
  );
}

export async function setStandingOrderStatus(db: Queryable, clientId: string, standingOrderId: string, status: TStandingOrderStatus, now: Date): Promise<void> {
  await db.query(`UPDATE standing_orders SET status = $3, updated_at = $4 WHERE client_id = $1 AND standing_order_id = $2`, [
    clientId,
    standingOrderId,
    status,
    now,
  ]);
}

/** Orders newest first (ties by id, decisions §4), with the total. */
export async function standingOrdersPage(
  db: Queryable,
  clientId: string,
  filters: { status?: TStandingOrderStatus; rail?: TRail },
  page: { limit: number; offset: number },
): Promise<{ rows: StandingOrderRow[]; total: number }> {
  const where = `o.client_id = $1 AND ($2::text IS NULL OR o.status = $2) AND ($3::text IS NULL OR o.rail = $3)`;
  const params = [clientId, filters.status ?? null, filters.rail ?? null];
  // One after the other: db may be a transaction's client, which runs one query at a time.
  const list = await db.query<StandingOrderRow>(
    `SELECT ${COLUMNS} FROM standing_orders o WHERE ${where} ORDER BY o.created_at DESC, o.standing_order_id DESC LIMIT $4 OFFSET $5`,
    [...params, page.limit, page.offset],
  );
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM standing_orders o WHERE ${where}`, params);
  return { rows: list.rows, total: count.rows[0]!.n };
}

/** The order's occurrences still Scheduled (not yet made), locked: what cancelling the order cancels. */
export async function lockScheduledOccurrences(db: Queryable, clientId: string, standingOrderId: string): Promise<string[]> {
  const { rows } = await db.query<{ payment_id: string }>(
    `SELECT payment_id::text FROM payments WHERE client_id = $1 AND standing_order_id = $2 AND status = 'Scheduled' ORDER BY payment_id FOR UPDATE`,
    [clientId, standingOrderId],
  );
  return rows.map((r) => r.payment_id);
}

/**
 * A change (lib/server/domain/standing-orders/change.ts): the occurrence claimed for a payment being cancelled is
 * released (its claim and its instructionIdentification), so it can be made again with the new terms; answers its date (null when the payment was no occurrence).
 */
export async function releaseOccurrence(db: Queryable, clientId: string, standingOrderId: string, paymentId: string): Promise<string | null> {
  // The cancelled payment gives its instructionIdentification back: the occurrence made again carries the same one.
  await db.query(`DELETE FROM payment_instruction_ids WHERE client_id = $1 AND payment_id = $2`, [clientId, paymentId]);
  const { rows } = await db.query<{ occurrence_date: string }>(
    `DELETE FROM standing_order_occurrences WHERE client_id = $1 AND standing_order_id = $2 AND payment_id = $3 RETURNING occurrence_date::text`,
    [clientId, standingOrderId, paymentId],
  );
  return rows[0]?.occurrence_date ?? null;
}

/** New terms for the order, its next occurrence and how many of its payments stand (a released occurrence no longer counts). */
export async function setStandingOrderTerms(
  db: Queryable,
  clientId: string,
  standingOrderId: string,
  terms: { request: Record<string, unknown>; schedule: TStandingSchedule; next: string | null; released: number; now: Date },
): Promise<void> {
  await db.query(
    `UPDATE standing_orders SET request = $3, schedule = $4, next_occurrence_date = $5, occurrences_made = occurrences_made - $6, updated_at = $7
     WHERE client_id = $1 AND standing_order_id = $2`,
    [clientId, standingOrderId, JSON.stringify(terms.request), JSON.stringify(terms.schedule), terms.next, terms.released, terms.now],
  );
}
