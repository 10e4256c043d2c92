import { endpoint } from "@/lib/http/endpoint";
import { deleteSubscriptionOperation, getSubscriptionOperation } from "@/lib/webhooks/operations";
import { deleteSubscription, getSubscriptionOrThrow } from "@/lib/webhooks/service";

export const dynamic = "force-dynamic";

export const GET = endpoint(getSubscriptionOperation, ({ runtime, principal, params }) =>
  getSubscriptionOrThrow(runtime.db, principal.clientId, params.subscriptionId),
);

export const DELETE = endpoint(deleteSubscriptionOperation, ({ principal, params, transaction }) =>
  transaction((tx) => deleteSubscription(tx, principal.clientId, params.subscriptionId, `client:${principal.clientId}`)),
);
