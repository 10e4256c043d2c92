import "server-only";
import { randomUUID } from "node:crypto";
import type { Queryable } from "@/lib/server/core/db/types";
import { enqueueDeliveries } from "@/lib/server/domain/delivery/outbox";
import { insertEvent } from "@/lib/server/domain/events/repo";
import { notifyOfEvent } from "@/lib/server/domain/notifications/derive";
import { activeSubscriptionsFor } from "@/lib/server/domain/webhooks/repo";
import { SUBSCRIPTION_SOURCE } from "@/lib/server/domain/webhooks/service";
import type { TRaisedEvent } from "@/lib/contract/events/schema";

/**
 * Where an event is raised: a Unit (`lib/server/core/unit.ts`) whose `db` is the transaction
 * making the change, or `{ db: tx, actor: { clientId } }` from code holding a transaction.
 */
export type EventScope = { readonly db: Queryable; readonly actor: { readonly clientId: string }; readonly now?: Date };

export type RaisedEvent = { eventId: string; subscriptions: number };

function bodyFor(event: TRaisedEvent, eventId: string, occurredAt: Date, subscriptionId: string): unknown {
  // Deposits keep spec §6.1's body exactly, as receivers written before events expect.
  if (event.topic === "Deposits") return { subscriptionId, topic: event.topic, ...event.data };
  return { eventId, subscriptionId, topic: event.topic, occurredAt: occurredAt.toISOString(), data: event.data };
}

/**
 * Records an event of the scope's client and fans it out, one signed delivery per active
 * subscription of its topic (decisions §7 signing and retries, lib/server/domain/delivery),
 * all in the scope's transaction: call it with the transaction that makes the change, so the
 * event exists exactly when the change commits (the outbox), and is listed by GET /v1/events.
 * The people it concerns are notified here too (lib/server/domain/notifications/derive.ts), in the same transaction.
 */
export async function raiseEvent(scope: EventScope, event: TRaisedEvent): Promise<RaisedEvent> {
  const clientId = scope.actor.clientId;
  const eventId = randomUUID();
  const occurredAt = scope.now ?? new Date();
  await insertEvent(scope.db, clientId, { eventId, topic: event.topic, occurredAt, data: event.data });
  await notifyOfEvent(scope.db, clientId, event, occurredAt);
  const subscriptions = await activeSubscriptionsFor(scope.db, clientId, event.topic);
  await enqueueDeliveries(
    scope.db,
    subscriptions.map((subscription) => ({
      clientId,
      url: subscription.webhook_url,
      customHeaders: subscription.custom_headers,
      source: { kind: SUBSCRIPTION_SOURCE, id: subscription.subscription_id },
      // A deposit's deliveries are listed by its transactionId (spec §2.10); the others by the event.
      eventId: event.topic === "Deposits" ? event.data.transactionId : eventId,
      body: bodyFor(event, eventId, occurredAt, subscription.subscription_id),
    })),
  );
  return { eventId, subscriptions: subscriptions.length };
}
