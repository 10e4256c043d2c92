import { endpoint } from "@/lib/server/entry/http/endpoint";
import { listSubscriptionAttempts } from "@/lib/server/domain/webhooks/deliveries";
import { listSubscriptionDeliveriesOperation } from "@/lib/contract/webhooks/operations";

export const dynamic = "force-dynamic";

export const GET = endpoint(listSubscriptionDeliveriesOperation, ({ runtime, principal, params, query }) =>
  listSubscriptionAttempts(runtime.db, principal.clientId, params.subscriptionId, query, runtime.pageTokenSecret),
);
