import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";
import type { TNotificationKind } from "@/lib/contract/notifications/schema";

/** The only SQL of the e-mail outbox (migrations/0062_notifications.sql says what each status means). */

export type EmailRow = {
  client_id: string;
  message_id: string;
  to_address: string;
  subject: string;
  text_body: string;
  link: string | null;
  attempts: number;
  kind: TNotificationKind;
};

/**
 * Claims a Pending message for one attempt: Sending, committed before the SMTP conversation starts. Null when it is
 * not Pending (already sent, skipped, failed, or left Sending by a run that died: see markInterrupted).
 */
export async function claimEmail(db: Queryable, clientId: string, messageId: string): Promise<EmailRow | null> {
  const { rows } = await db.query<EmailRow>(
    `UPDATE email_outbox e SET status = 'Sending', attempts = e.attempts + 1
       FROM notifications n
      WHERE e.client_id = $1 AND e.message_id = $2 AND e.status = 'Pending' AND n.client_id = e.client_id AND n.notification_id = e.notification_id
      RETURNING e.client_id, e.message_id::text, e.to_address, e.subject, e.text_body, e.link, e.attempts, n.kind`,
    [clientId, messageId],
  );
  return rows[0] ?? null;
}

/**
 * A message still Sending when its task runs again: the run that claimed it died between handing it to the SMTP
 * server and marking it, so whether it went out is unknown. It is never sent again (never two sends).
 */
export async function markInterrupted(db: Queryable, clientId: string, messageId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE email_outbox SET status = 'Unknown', last_error = 'the sending process stopped before the SMTP server''s answer was recorded'
      WHERE client_id = $1 AND message_id = $2 AND status = 'Sending'`,
    [clientId, messageId],
  );
  return rowCount === 1;
}

export type EmailOutcome = { status: "Sent"; smtpResponse: string } | { status: "Skipped"; reason: string } | { status: "Pending" | "Failed"; error: string };

/** Records an attempt's outcome. A late Sent wins over Unknown: the answer did arrive after all. */
export async function finishEmail(db: Queryable, clientId: string, messageId: string, outcome: EmailOutcome): Promise<void> {
  const note = outcome.status === "Sent" ? null : outcome.status === "Skipped" ? outcome.reason : outcome.error.slice(0, 1000);
  await db.query(
    `UPDATE email_outbox SET status = $3, last_error = $4, smtp_response = $5, sent_at = CASE WHEN $3 = 'Sent' THEN clock_timestamp() END
      WHERE client_id = $1 AND message_id = $2 AND status IN ('Sending', 'Unknown')`,
    [clientId, messageId, outcome.status, note, outcome.status === "Sent" ? outcome.smtpResponse.slice(0, 1000) : null],
  );
}
