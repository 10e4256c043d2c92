import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";

/**
 * The person who made a payment, read from its `payment.created` audit row (payments carry no maker column: the
 * audit row is the record of who acted). Null when no person made it (an integration's token, the system). The
 * partial index audit_log_payment_maker (migrations/0062_notifications.sql) keeps this one index probe.
 */
export async function paymentMakerOf(db: Queryable, clientId: string, paymentId: string): Promise<string | null> {
  const { rows } = await db.query<{ user_id: string }>(
    `SELECT substring(actor FROM 6) AS user_id FROM audit_log
      WHERE client_id = $1 AND entity_id = $2 AND action = 'payment.created' AND actor LIKE 'user:%'
      LIMIT 1`,
    [clientId, paymentId],
  );
  return rows[0]?.user_id ?? null;
}
