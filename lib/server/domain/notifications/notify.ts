import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";
import { enqueueTasks } from "@/lib/server/core/jobs/queue-repo";
import { insertNotifications, type NewNotification, type Recipients } from "@/lib/server/domain/notifications/repo";

export const EMAIL_TASK_KIND = "email.send";

/**
 * The one writer of people's notifications: the rows each recipient wants, their e-mail outbox rows and the tasks
 * that send those, all in `db`, the transaction of the change (so a rolled-back change notifies no one).
 */
export async function notify(db: Queryable, clientId: string, recipients: Recipients, notification: NewNotification): Promise<void> {
  const messages = await insertNotifications(db, clientId, recipients, notification);
  await enqueueTasks(
    db,
    EMAIL_TASK_KIND,
    messages.map((messageId) => ({ messageId })),
    { clientId },
  );
}
