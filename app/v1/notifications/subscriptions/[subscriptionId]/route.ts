import { endpoint } from "@/lib/server/entry/http/endpoint";
import { deleteSubscriptionOperation, getSubscriptionOperation } from "@/lib/contract/webhooks/operations";
import { deleteSubscription, getSubscriptionOrThrow } from "@/lib/server/domain/webhooks/service";

export const dynamic = "force-dynamic";

export const GET = endpoint(getSubscriptionOperation, ({ runtime, principal, params }) =>
  getSubscriptionOrThrow(runtime.db, principal.clientId, params.subscriptionId),
);

export const DELETE = endpoint(deleteSubscriptionOperation, ({ actor, params, transaction }) =>
  transaction((tx) => deleteSubscription(tx, actor, params.subscriptionId)),
);
