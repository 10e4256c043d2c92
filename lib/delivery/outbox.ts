import { randomUUID } from "node:crypto";
import type { Queryable } from "@/lib/db/types";
import { insertDelivery } from "@/lib/delivery/repo";
import { enqueueTask } from "@/lib/jobs/queue";

export const DELIVERY_TASK_KIND = "delivery.send";

export type DeliveryRequest = {
  clientId: string;
  /** Absolute http(s) URL, already accepted by checkDestination when it was registered. */
  url: string;
  /** The JSON value to POST; serialised once here so every attempt sends the same bytes. */
  body: unknown;
  /** Client-chosen extra headers (validated by the caller: no Host, Content-*, Authorization, Svc-*). */
  customHeaders?: Record<string, string>;
  /** What produced the delivery, e.g. `{kind: "subscription", id}` or `{kind: "job", id}`: its attempts are listed by it. */
  source: { kind: string; id: string };
  /** The business event reported (e.g. a transactionId), for support and listings. */
  eventId?: string | null;
};

/**
 * Schedules a signed POST. Call it with the transaction that makes the
 * change being reported: the delivery then exists exactly when the change
 * commits (an outbox), and a rolled-back change sends nothing.
 */
export async function enqueueDelivery(tx: Queryable, request: DeliveryRequest): Promise<string> {
  const deliveryId = randomUUID();
  await insertDelivery(tx, {
    client_id: request.clientId,
    delivery_id: deliveryId,
    source_kind: request.source.kind,
    source_id: request.source.id,
    event_id: request.eventId ?? null,
    url: request.url,
    body: JSON.stringify(request.body),
    custom_headers: request.customHeaders ?? {},
  });
  await enqueueTask(tx, DELIVERY_TASK_KIND, { deliveryId }, { clientId: request.clientId });
  return deliveryId;
}
