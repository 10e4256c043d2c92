import { endpoint } from "@/lib/server/http/endpoint";
import { retryDelivery } from "@/lib/server/webhooks/deliveries";
import { retryDeliveryOperation } from "@/lib/contract/webhooks/operations";

export const dynamic = "force-dynamic";

export const POST = endpoint(retryDeliveryOperation, ({ actor, params, transaction }) => transaction((tx) => retryDelivery(tx, actor, params.deliveryId)));
