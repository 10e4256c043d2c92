import { endpoint } from "@/lib/server/entry/http/endpoint";
import { retryDelivery } from "@/lib/server/domain/webhooks/deliveries";
import { retryDeliveryOperation } from "@/lib/contract/webhooks/operations";

export const dynamic = "force-dynamic";

export const POST = endpoint(retryDeliveryOperation, ({ actor, params, transaction }) => transaction((tx) => retryDelivery(tx, actor, params.deliveryId)));
