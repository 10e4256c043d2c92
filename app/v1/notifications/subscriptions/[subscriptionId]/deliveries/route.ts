import { endpoint } from "@/lib/server/http/endpoint";
import { listSubscriptionAttempts } from "@/lib/server/webhooks/deliveries";
import { listSubscriptionDeliveriesOperation } from "@/lib/contract/webhooks/operations";

export const dynamic = "force-dynamic";

export const GET = endpoint(listSubscriptionDeliveriesOperation, ({ runtime, principal, params, query }) =>
  listSubscriptionAttempts(runtime.db, principal.clientId, params.subscriptionId, query, runtime.pageTokenSecret),
);
