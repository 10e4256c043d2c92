import { destinationPolicyOf } from "@/lib/server/domain/delivery/destination-policy";
import { endpoint } from "@/lib/server/entry/http/endpoint";
import { createSubscriptionOperation, listSubscriptionsOperation } from "@/lib/contract/webhooks/operations";
import { checkCallbackUrl, createSubscription, listSubscriptionsPage } from "@/lib/server/domain/webhooks/service";

export const dynamic = "force-dynamic";

export const POST = endpoint(createSubscriptionOperation, async ({ runtime, actor, body, transaction }) => {
  await checkCallbackUrl(body.callbackUrl, destinationPolicyOf(runtime.config));
  return transaction((tx) => createSubscription(tx, actor, body));
});

export const GET = endpoint(listSubscriptionsOperation, ({ runtime, principal, query }) =>
  listSubscriptionsPage(runtime.db, principal.clientId, query, runtime.pageTokenSecret),
);
