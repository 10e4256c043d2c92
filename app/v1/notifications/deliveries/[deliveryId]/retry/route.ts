import { endpoint } from "@/lib/http/endpoint";
import { retryDelivery } from "@/lib/webhooks/deliveries";
import { retryDeliveryOperation } from "@/lib/webhooks/operations";

export const dynamic = "force-dynamic";

export const POST = endpoint(retryDeliveryOperation, ({ principal, params, transaction }) =>
  transaction((tx) => retryDelivery(tx, principal.clientId, params.deliveryId, `client:${principal.clientId}`)),
);
