import { endpoint } from "@/lib/http/endpoint";
import { listSubscriptionAttempts } from "@/lib/webhooks/deliveries";
import { listSubscriptionDeliveriesOperation } from "@/lib/webhooks/operations";

export const dynamic = "force-dynamic";

export const GET = endpoint(listSubscriptionDeliveriesOperation, ({ runtime, principal, params, query }) =>
  listSubscriptionAttempts(runtime.db, principal.clientId, params.subscriptionId, query, runtime.pageTokenSecret),
);
