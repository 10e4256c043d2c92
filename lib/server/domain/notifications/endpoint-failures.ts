import "server-only";
import type { Pool } from "pg";
import { withTransaction } from "@/lib/server/core/db/transaction";
import { notify } from "@/lib/server/domain/notifications/notify";
import { formatBankDateTime } from "@/lib/contract/time/date-format";
import { failuresSinceLastSuccess, takeMark } from "@/lib/server/domain/notifications/watch-repo";

/**
 * "A webhook endpoint keeps failing" (docs/notifications.md): this many failed attempts in a row to one
 * subscription's endpoint, across its deliveries, start an episode; the next successful attempt ends it. On the
 * retry schedule alone that is a single event's fifth attempt, about 2.6 hours after the first; with steady traffic,
 * minutes. Fewer would page administrators for a receiver's restart.
 */
export const FAILING_ENDPOINT_THRESHOLD = 5;

/**
 * Called after a subscription's delivery attempt failed: notifies the client's administrators once per episode
 * (the episode is named by the last success before it; its mark is taken in the notifying transaction).
 */
export async function noteFailedAttempt(db: Pool, clientId: string, subscriptionId: string, url: string, now = new Date()): Promise<boolean> {
  const { failures, lastSuccessAt } = await failuresSinceLastSuccess(db, clientId, subscriptionId);
  if (failures < FAILING_ENDPOINT_THRESHOLD) return false;
  return withTransaction(db, async (tx) => {
    if (!(await takeMark(tx, clientId, `webhook-failing:${subscriptionId}:${lastSuccessAt?.toISOString() ?? "never"}`))) return false;
    const origin = new URL(url).origin;
    await notify(
      tx,
      clientId,
      { rule: "admins" },
      {
        kind: "WebhookFailing",
        title: "A webhook endpoint keeps failing",
        body: `The last ${failures} attempts to deliver to ${origin} failed${lastSuccessAt ? ` (last success ${formatBankDateTime(lastSuccessAt.toISOString())})` : ""}. Deliveries are retried; check the endpoint and its delivery log.`,
        link: `/webhooks/subscriptions/${subscriptionId}`,
        createdAt: now,
      },
    );
    return true;
  });
}
