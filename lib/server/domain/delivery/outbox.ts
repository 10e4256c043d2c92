import "server-only";
import { randomUUID } from "node:crypto";
import type { Queryable } from "@/lib/server/core/db/types";
import { insertDeliveries } from "@/lib/server/domain/delivery/repo";
import { enqueueTasks } from "@/lib/server/core/jobs/queue-repo";
import { sealCustomHeaders, type SealedHeaders } from "@/lib/server/core/crypto/stored-secrets";

export const DELIVERY_TASK_KIND = "delivery.send";
const NO_HEADERS = sealCustomHeaders({});

export type DeliveryRequest = {
  clientId: string;
  /** Absolute http(s) URL, already accepted by checkDestination when it was registered. */
  url: string;
  /** The JSON value to POST; serialised once here so every attempt sends the same bytes. */
  body: unknown;
  /** Client-chosen extra headers (validated by the caller: no Host, Content-*, Authorization, Svc-*), as their source row holds them: sealed. */
  customHeaders?: SealedHeaders;
  /** What produced the delivery, e.g. `{kind: "subscription", id}` or `{kind: "job", id}`: its attempts are listed by it. */
  source: { kind: string; id: string };
  /** The business event reported (e.g. a transactionId), for support and listings. */
  eventId?: string | null;
};

/**
 * Schedules signed POSTs. Call it with the transaction that makes the
 * change being reported: the deliveries then exist exactly when the change
 * commits (an outbox), and a rolled-back change sends nothing. Three
 * statements however many deliveries. Returns the delivery ids in order.
 */
export async function enqueueDeliveries(tx: Queryable, requests: readonly DeliveryRequest[]): Promise<string[]> {
  const rows = requests.map((request) => ({
    client_id: request.clientId,
    delivery_id: randomUUID(),
    source_kind: request.source.kind,
    source_id: request.source.id,
    event_id: request.eventId ?? null,
    url: request.url,
    body: JSON.stringify(request.body),
    custom_headers: request.customHeaders ?? NO_HEADERS,
  }));
  await insertDeliveries(tx, rows);
  for (const clientId of new Set(rows.map((r) => r.client_id))) {
    const payloads = rows.filter((r) => r.client_id === clientId).map((r) => ({ deliveryId: r.delivery_id }));
    await enqueueTasks(tx, DELIVERY_TASK_KIND, payloads, { clientId });
  }
  return rows.map((r) => r.delivery_id);
}

/** One delivery; see enqueueDeliveries. */
export async function enqueueDelivery(tx: Queryable, request: DeliveryRequest): Promise<string> {
  const [deliveryId] = await enqueueDeliveries(tx, [request]);
  return deliveryId!;
}
