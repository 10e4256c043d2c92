import "server-only";
import type { AttemptRow, DeliveryRow } from "@/lib/server/domain/delivery/repo";
import type { SubscriptionRow } from "@/lib/server/domain/webhooks/repo";
import type { TDelivery, TDeliveryAttempt, TSubscription } from "@/lib/contract/webhooks/schema";
import { shownCustomHeaders } from "@/lib/server/core/crypto/stored-secrets";

/** Explicit field-by-field mappings: a new column never leaks into a response. */
export function toSubscription(row: SubscriptionRow): TSubscription {
  return {
    subscriptionId: row.subscription_id,
    topic: row.topic,
    webhookUrl: row.webhook_url,
    isActive: row.is_active,
    createdUtc: row.created_at.toISOString(),
    updatedUtc: row.updated_at.toISOString(),
    // Sealed at rest, shown masked: the value is the receiver's credential, not the client's to read back.
    customHeaders: shownCustomHeaders(row.custom_headers),
  };
}

export function toDeliveryAttempt(row: AttemptRow): TDeliveryAttempt {
  return {
    deliveryId: row.delivery_id,
    attemptNumber: row.attempt_no,
    attemptedUtc: row.attempted_at.toISOString(),
    statusCode: row.status_code,
    latencyMs: row.latency_ms,
    succeeded: row.succeeded,
    error: row.error,
    deliveryStatus: row.delivery_status,
    transactionId: row.event_id,
    webhookUrl: row.url,
  };
}

export function toDelivery(row: DeliveryRow): TDelivery {
  return {
    deliveryId: row.delivery_id,
    status: row.status,
    attempts: row.attempt_count,
    nextAttemptUtc: row.next_attempt_at?.toISOString() ?? null,
    lastError: row.last_error,
    createdUtc: row.created_at.toISOString(),
    updatedUtc: row.updated_at.toISOString(),
  };
}
