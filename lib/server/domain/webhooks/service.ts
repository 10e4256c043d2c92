import "server-only";
import type { AuditContext } from "@/lib/server/core/audit/actors";
import { writeAudit } from "@/lib/server/core/audit/write";
import { randomUUID } from "node:crypto";
import { pagedList, type PageQuery } from "@/lib/server/core/lists/list";
import type { Queryable } from "@/lib/server/core/db/types";
import { checkDestination, DestinationRefused, type DestinationPolicy } from "@/lib/server/domain/delivery/destination-policy";
import { ApiError } from "@/lib/contract/http/errors";
import { deactivateSubscription, findSubscription, insertSubscription, listSubscriptions } from "@/lib/server/domain/webhooks/repo";
import type { TCreateSubscription, TSubscription, TSubscriptionList } from "@/lib/contract/webhooks/schema";
import { toSubscription } from "@/lib/server/domain/webhooks/serialize";

export const SUBSCRIPTION_SOURCE = "subscription";

/**
 * Checks the callback URL before any transaction opens (it may need DNS):
 * scheme, length, https in production and, when private networks are not
 * allowed, every address the host resolves to.
 */
export async function checkCallbackUrl(url: string, policy: DestinationPolicy, field = "callbackUrl"): Promise<string> {
  try {
    await checkDestination(url, policy);
    return url;
  } catch (error) {
    if (error instanceof DestinationRefused) throw new ApiError("VALIDATION_ERROR", `Invalid ${field}: ${error.message}`, { field });
    throw error;
  }
}

export async function createSubscription(tx: Queryable, audit: AuditContext, input: TCreateSubscription): Promise<TSubscription> {
  const row = await insertSubscription(tx, audit.clientId, {
    subscription_id: randomUUID(),
    topic: input.topic,
    webhook_url: input.callbackUrl,
    custom_headers: input.customHeaders ?? {},
  });
  // Header values may be credentials for the receiver: the audit keeps only their names.
  await writeAudit(tx, {
    ...audit,
    action: "subscription.created",
    entity: "subscription",
    entityId: row.subscription_id,
    data: { topic: row.topic, webhookUrl: row.webhook_url, customHeaderNames: Object.keys(row.custom_headers) },
  });
  return toSubscription(row);
}

function notFound(subscriptionId: string): ApiError {
  return new ApiError("SUBSCRIPTION_NOT_FOUND", `No subscription ${subscriptionId} was found for this client.`, { field: "subscriptionId" });
}

/** Another client's subscription answers exactly as an unknown one. */
export async function getSubscriptionOrThrow(db: Queryable, clientId: string, subscriptionId: string): Promise<TSubscription> {
  const row = await findSubscription(db, clientId, subscriptionId);
  if (!row) throw notFound(subscriptionId);
  return toSubscription(row);
}

/** Soft delete: the record stays, new events stop matching, queued deliveries still go out. Idempotent. */
export async function deleteSubscription(tx: Queryable, audit: AuditContext, subscriptionId: string): Promise<TSubscription> {
  const result = await deactivateSubscription(tx, audit.clientId, subscriptionId);
  if (!result) throw notFound(subscriptionId);
  if (result.changed) {
    await writeAudit(tx, { ...audit, action: "subscription.deleted", entity: "subscription", entityId: subscriptionId, data: {} });
  }
  return toSubscription(result.row);
}

export async function listSubscriptionsPage(db: Queryable, clientId: string, query: PageQuery, secret: string): Promise<TSubscriptionList> {
  return pagedList(secret, { clientId, endpoint: "GET /v1/notifications/subscriptions", filters: {} }, query, async (page) => {
    const { rows, total } = await listSubscriptions(db, clientId, page);
    return { items: rows.map(toSubscription), total };
  });
}
