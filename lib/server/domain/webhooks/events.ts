import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";
import { enqueueDeliveries } from "@/lib/server/domain/delivery/outbox";
import { activeSubscriptionsFor } from "@/lib/server/domain/webhooks/repo";
import { SUBSCRIPTION_SOURCE } from "@/lib/server/domain/webhooks/service";

export type DepositEvent = {
  clientId: string;
  accountNumber: string;
  transactionId: string;
  /** Decimal string in the currency's minor units, e.g. "125.00". */
  amount: string;
  currency: string;
  transactionType: string;
  transactionDetails: string;
};

/**
 * Raises a deposit event: one outbox delivery per active `Deposits`
 * subscription of the client, in the caller's transaction, so nothing is
 * sent for a deposit that does not commit. Body per spec §6.1.
 */
export async function publishDepositEvent(tx: Queryable, event: DepositEvent): Promise<number> {
  const subscriptions = await activeSubscriptionsFor(tx, event.clientId, "Deposits");
  await enqueueDeliveries(
    tx,
    subscriptions.map((subscription) => ({
      clientId: event.clientId,
      url: subscription.webhook_url,
      customHeaders: subscription.custom_headers,
      source: { kind: SUBSCRIPTION_SOURCE, id: subscription.subscription_id },
      eventId: event.transactionId,
      body: {
        subscriptionId: subscription.subscription_id,
        topic: "Deposits",
        accountNumber: event.accountNumber,
        transactionId: event.transactionId,
        type: "Credit",
        value: { amount: event.amount, currency: event.currency },
        transactionType: event.transactionType,
        transactionDetails: event.transactionDetails,
      },
    })),
  );
  return subscriptions.length;
}
