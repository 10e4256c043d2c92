import "server-only";
import { snapshotList, type PageQuery } from "@/lib/server/core/lists/list";
import type { Queryable } from "@/lib/server/core/db/types";
import { DELIVERY_TASK_KIND } from "@/lib/server/domain/delivery/outbox";
import { findDelivery, restartFinishedDelivery } from "@/lib/server/domain/delivery/repo";
import { fetchAttempts, summarizeAttempts } from "@/lib/server/domain/delivery/log-repo";
import { ApiError } from "@/lib/contract/http/errors";
import type { AuditContext } from "@/lib/server/core/audit/actors";
import { writeAudit } from "@/lib/server/core/audit/write";
import { enqueueTask } from "@/lib/server/core/jobs/queue-repo";
import type { TDelivery, TDeliveryAttemptList } from "@/lib/contract/webhooks/schema";
import { toDelivery, toDeliveryAttempt } from "@/lib/server/domain/webhooks/serialize";
import { getSubscriptionOrThrow, SUBSCRIPTION_SOURCE } from "@/lib/server/domain/webhooks/service";

/** Every attempt of every delivery of one subscription, newest first. */
export async function listSubscriptionAttempts(
  db: Queryable,
  clientId: string,
  subscriptionId: string,
  query: PageQuery,
  secret: string,
): Promise<TDeliveryAttemptList> {
  await getSubscriptionOrThrow(db, clientId, subscriptionId);
  const binding = { clientId, endpoint: "GET /v1/notifications/subscriptions/{id}/deliveries", filters: { subscriptionId } };
  const source = { kind: SUBSCRIPTION_SOURCE, id: subscriptionId };
  return snapshotList(secret, binding, query, {
    summarize: () => summarizeAttempts(db, clientId, source),
    fetch: async (window) => (await fetchAttempts(db, clientId, source, window)).map((r) => ({ item: toDeliveryAttempt(r), at: r.page_at })),
  });
}

/**
 * Sends a finished (Succeeded or Failed) delivery once more, with the same
 * body and a fresh signature. A delivery still Pending is already on its
 * automatic schedule: 409 rather than a second, racing sender.
 */
export async function retryDelivery(tx: Queryable, audit: AuditContext, deliveryId: string): Promise<TDelivery> {
  const { clientId } = audit;
  const restarted = await restartFinishedDelivery(tx, clientId, deliveryId);
  if (!restarted) {
    const existing = await findDelivery(tx, clientId, deliveryId);
    if (!existing) throw new ApiError("NOT_FOUND", `No delivery ${deliveryId} was found for this client.`, { field: "deliveryId" });
    throw new ApiError("INVALID_STATUS_TRANSITION", "This delivery is still pending; it will be retried automatically.", { field: "deliveryId" });
  }
  await enqueueTask(tx, DELIVERY_TASK_KIND, { deliveryId }, { clientId });
  await writeAudit(tx, {
    ...audit,
    action: "delivery.retried",
    entity: "delivery",
    entityId: deliveryId,
    data: { previousAttempts: restarted.attempt_count },
  });
  return toDelivery(restarted);
}
