import "server-only";
import type { Principal } from "@/lib/server/core/auth/tokens";
import type { AuditContext } from "@/lib/server/core/audit/actors";
import { writeAudit } from "@/lib/server/core/audit/write";
import { transactionOf, type Actor, type Unit } from "@/lib/server/core/unit";
import {
  isNotificationOf,
  listNotificationsOf,
  markRead,
  preferencesOf,
  unreadCountOf,
  upsertPreferences,
  type NotificationRow,
} from "@/lib/server/domain/notifications/repo";
import { ApiError } from "@/lib/contract/http/errors";
import {
  DEFAULT_PREFERENCE,
  NOTIFICATION_KINDS,
  type TMarkedRead,
  type TNotification,
  type TNotificationListQuery,
  type TNotificationPage,
  type TNotificationPreferences,
} from "@/lib/contract/notifications/schema";

/** The person a portal token stands for: notifications are theirs, not their organisation's. */
export type Person = AuditContext & { userId: string };

export function personOf(principal: Principal, actor: Actor): Person {
  const user = principal.portalUser;
  if (!user) throw new ApiError("FORBIDDEN", "Notifications belong to people signed in to the portal, not to an integration's token.");
  return { clientId: actor.clientId, actor: actor.actor, ip: actor.ip, correlationId: actor.correlationId, userId: user.id };
}

function toNotification(row: NotificationRow): TNotification {
  return {
    notificationId: row.notification_id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.created_at.toISOString(),
    readAt: row.read_at?.toISOString() ?? null,
  };
}

/** A page of the person's notifications, newest first; `before` is the last one of the page shown. */
export async function listNotifications(unit: Unit, person: Person, query: TNotificationListQuery): Promise<TNotificationPage> {
  if (query.before && !(await isNotificationOf(unit.db, person, query.before))) {
    throw new ApiError("VALIDATION_ERROR", "Invalid before: no notification of yours has this id.", { field: "before" });
  }
  const rows = await listNotificationsOf(unit.db, person, { before: query.before ?? null, unreadOnly: query.unread === "true", limit: query.pageSize + 1 });
  const page = rows.slice(0, query.pageSize);
  return {
    data: page.map(toNotification),
    meta: {
      hasMore: rows.length > query.pageSize,
      next: rows.length > query.pageSize ? page.at(-1)!.notification_id : null,
      unread: await unreadCountOf(unit.db, person),
    },
  };
}

/** Marks one notification read (`notificationId`) or all of them (null); marking a read one again changes nothing. */
export async function markNotificationsRead(unit: Unit, person: Person, notificationId: string | null): Promise<TMarkedRead> {
  return transactionOf(unit, async (tx) => {
    if (notificationId && !(await isNotificationOf(tx, person, notificationId))) throw new ApiError("NOT_FOUND", "You have no notification with this id.");
    const marked = await markRead(tx, person, notificationId, unit.now);
    return { marked, unread: await unreadCountOf(tx, person) };
  });
}

async function currentPreferences(db: Unit["db"], person: Person): Promise<TNotificationPreferences> {
  const chosen = new Map((await preferencesOf(db, person)).map((p) => [p.kind, p]));
  return {
    preferences: NOTIFICATION_KINDS.map((kind) => {
      const row = chosen.get(kind);
      return { kind, ...(row ? { inPortal: row.in_portal, byEmail: row.by_email } : DEFAULT_PREFERENCE) };
    }),
  };
}

export function notificationPreferences(unit: Unit, person: Person): Promise<TNotificationPreferences> {
  return currentPreferences(unit.db, person);
}

/**
 * Changes the kinds named (the others keep theirs). E-mail comes with the portal: a kind off in the portal is off by
 * e-mail too (nothing is written for it), so it is stored that way. Audited with before and after.
 */
export async function changeNotificationPreferences(unit: Unit, person: Person, input: TNotificationPreferences): Promise<TNotificationPreferences> {
  return transactionOf(unit, async (tx) => {
    const before = await currentPreferences(tx, person);
    await upsertPreferences(
      tx,
      person,
      input.preferences.map((p) => ({ kind: p.kind, in_portal: p.inPortal, by_email: p.inPortal && p.byEmail })),
    );
    const after = await currentPreferences(tx, person);
    await writeAudit(tx, {
      ...person,
      action: "notification_preferences.changed",
      entity: "user",
      entityId: person.userId,
      before,
      after,
    });
    return after;
  });
}
