import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";
import type { TNotificationKind } from "@/lib/contract/notifications/schema";

/** The only SQL of people's notifications and their preferences. The tenant and the person are in every WHERE. */

/** Who a notification goes to, as a rule the database answers (only active people of the client: signed up, not disabled). */
export type Recipients =
  /** Approvers and administrators who may still decide the draft: never its maker, nor one who decided it. */
  | { rule: "approvers-of-draft"; draftId: string }
  | { rule: "person"; email: string }
  /** The payment's maker (lib/server/domain/audit-log/makers.ts; null when no person made it) and the treasurers. */
  | { rule: "maker-and-treasurers"; makerId: string | null }
  | { rule: "admins" };

const ACTIVE = "u.client_id = $1 AND u.disabled_at IS NULL AND u.password_hash IS NOT NULL";

function recipientsSql(recipients: Recipients): { where: string; param: string | null } {
  switch (recipients.rule) {
    case "approvers-of-draft":
      return {
        where: `u.role IN ('approver', 'admin')
                AND u.user_id <> (SELECT d.maker_id FROM payment_drafts d WHERE d.client_id = $1 AND d.draft_id = $2::uuid)
                AND NOT EXISTS (SELECT 1 FROM payment_draft_decisions x WHERE x.client_id = $1 AND x.draft_id = $2::uuid AND x.user_id = u.user_id)`,
        param: recipients.draftId,
      };
    case "person":
      return { where: `lower(u.email) = lower($2)`, param: recipients.email };
    case "maker-and-treasurers":
      return { where: `(u.role = 'treasurer' OR u.user_id = $2::uuid)`, param: recipients.makerId };
    case "admins":
      return { where: `u.role = 'admin' AND $2::text IS NULL`, param: null };
  }
}

export type NewNotification = { kind: TNotificationKind; title: string; body: string; link: string | null; createdAt: Date };

/**
 * Writes the notification for each recipient who wants its kind in the portal, and an e-mail outbox row for those
 * who also want it by e-mail, in one statement.
 * Returns the e-mail messages written (the caller queues their sending in the same transaction).
 */
export async function insertNotifications(db: Queryable, clientId: string, recipients: Recipients, n: NewNotification): Promise<string[]> {
  const { where, param } = recipientsSql(recipients);
  const { rows } = await db.query<{ message_id: string }>(
    `WITH r AS (
       SELECT u.user_id, u.email, coalesce(p.in_portal, true) AS in_portal, coalesce(p.by_email, false) AS by_email
         FROM users u
         LEFT JOIN notification_preferences p ON p.client_id = u.client_id AND p.user_id = u.user_id AND p.kind = $3
        WHERE ${ACTIVE} AND ${where}),
     n AS (
       INSERT INTO notifications (client_id, notification_id, user_id, kind, title, body, link, created_at)
       SELECT $1, gen_random_uuid(), r.user_id, $3, $4, $5, $6, $7 FROM r WHERE r.in_portal
       RETURNING notification_id, user_id)
     INSERT INTO email_outbox (client_id, message_id, notification_id, to_address, subject, text_body, link)
     SELECT $1, gen_random_uuid(), n.notification_id, r.email, $4, $5, $6 FROM n JOIN r USING (user_id) WHERE r.by_email
     RETURNING message_id::text`,
    [clientId, param, n.kind, n.title, n.body, n.link, n.createdAt],
  );
  return rows.map((r) => r.message_id);
}

export type NotificationRow = {
  notification_id: string;
  kind: TNotificationKind;
  title: string;
  body: string;
  link: string | null;
  created_at: Date;
  read_at: Date | null;
};

type Person = { clientId: string; userId: string };

/** A page of the person's notifications, newest first, older than `before` (the one last shown). */
export async function listNotificationsOf(
  db: Queryable,
  person: Person,
  page: { before: string | null; unreadOnly: boolean; limit: number },
): Promise<NotificationRow[]> {
  const { rows } = await db.query<NotificationRow>(
    `SELECT n.notification_id::text, n.kind, n.title, n.body, n.link, n.created_at, n.read_at
       FROM notifications n
      WHERE n.client_id = $1 AND n.user_id = $2 AND (NOT $3 OR n.read_at IS NULL)
        AND ($4::uuid IS NULL OR (n.created_at, n.notification_id) < (
              SELECT b.created_at, b.notification_id FROM notifications b WHERE b.client_id = $1 AND b.user_id = $2 AND b.notification_id = $4))
      ORDER BY n.created_at DESC, n.notification_id DESC
      LIMIT $5`,
    [person.clientId, person.userId, page.unreadOnly, page.before, page.limit],
  );
  return rows;
}

export async function isNotificationOf(db: Queryable, person: Person, notificationId: string): Promise<boolean> {
  const { rowCount } = await db.query("SELECT 1 FROM notifications WHERE client_id = $1 AND user_id = $2 AND notification_id = $3", [
    person.clientId,
    person.userId,
    notificationId,
  ]);
  return rowCount === 1;
}

export async function unreadCountOf(db: Queryable, person: Person): Promise<number> {
  const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM notifications WHERE client_id = $1 AND user_id = $2 AND read_at IS NULL", [
    person.clientId,
    person.userId,
  ]);
  return rows[0]!.n;
}

/** Marks the person's unread notifications read (one, or all when `notificationId` is null); returns how many changed. */
export async function markRead(db: Queryable, person: Person, notificationId: string | null, now: Date): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE notifications SET read_at = $4
      WHERE client_id = $1 AND user_id = $2 AND read_at IS NULL AND ($3::uuid IS NULL OR notification_id = $3)`,
    [person.clientId, person.userId, notificationId, now],
  );
  return rowCount ?? 0;
}

export type PreferenceRow = { kind: TNotificationKind; in_portal: boolean; by_email: boolean };

export async function preferencesOf(db: Queryable, person: Person): Promise<PreferenceRow[]> {
  const { rows } = await db.query<PreferenceRow>(
    "SELECT kind, in_portal, by_email FROM notification_preferences WHERE client_id = $1 AND user_id = $2 ORDER BY kind",
    [person.clientId, person.userId],
  );
  return rows;
}

export async function upsertPreferences(db: Queryable, person: Person, preferences: readonly PreferenceRow[]): Promise<void> {
  if (preferences.length === 0) return;
  await db.query(
    `INSERT INTO notification_preferences (client_id, user_id, kind, in_portal, by_email)
     SELECT $1, $2, k, p, e FROM unnest($3::text[], $4::boolean[], $5::boolean[]) AS t(k, p, e)
     ON CONFLICT (client_id, user_id, kind) DO UPDATE SET in_portal = EXCLUDED.in_portal, by_email = EXCLUDED.by_email`,
    [person.clientId, person.userId, preferences.map((p) => p.kind), preferences.map((p) => p.in_portal), preferences.map((p) => p.by_email)],
  );
}
