import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";
import { PAYMENT_COLUMNS, type PaymentRow } from "@/lib/server/domain/payments/repo";

/** The SQL of scheduled payments (docs/scheduling.md). The tenant is in every WHERE on one payment. */

export type ScheduledRow = PaymentRow & { scheduled_request: unknown };

/** The Scheduled payments due by `today` (a bank date), oldest day first: what the worker's sweep makes. */
export async function findDueScheduled(db: Queryable, today: string, limit: number): Promise<Array<{ client_id: string; payment_id: string }>> {
  const { rows } = await db.query<{ client_id: string; payment_id: string }>(
    `SELECT client_id, payment_id::text FROM payments WHERE status = 'Scheduled' AND execution_date <= $1::date
     ORDER BY execution_date, created_at, payment_id LIMIT $2`,
    [today, limit],
  );
  return rows;
}

/**
 * The claim: the payment's row lock, held until the transaction that makes the payment commits, taken only while the
 * payment is still Scheduled and due. SKIP LOCKED: another worker making it now is left to it; once that one commits,
 * the payment is no longer Scheduled, so it is made once. A crash before the commit drops the lock and the payment is
 * Scheduled again for the next sweep.
 */
export async function claimScheduled(db: Queryable, clientId: string, paymentId: string, today: string): Promise<ScheduledRow | null> {
  const { rows } = await db.query<ScheduledRow>(
    `SELECT ${PAYMENT_COLUMNS}, scheduled_request FROM payments
     WHERE client_id = $1 AND payment_id = $2 AND status = 'Scheduled' AND execution_date <= $3::date
     FOR UPDATE SKIP LOCKED`,
    [clientId, paymentId, today],
  );
  return rows[0] ?? null;
}

/** Why a scheduled payment could not be made on its day, kept as a failed payment's reason is. */
export async function recordFailureReason(db: Queryable, clientId: string, paymentId: string, reason: { code: string; message: string }): Promise<void> {
  await db.query(
    `UPDATE payments SET failure_reason = $3, details = details || jsonb_build_object('failureReason', $4::jsonb)
     WHERE client_id = $1 AND payment_id = $2`,
    [clientId, paymentId, reason.code, JSON.stringify(reason)],
  );
}
