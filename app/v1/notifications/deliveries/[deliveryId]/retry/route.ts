import { withTransaction } from "@/lib/db/transaction";
import { endpoint } from "@/lib/http/endpoint";
import { retryDelivery } from "@/lib/webhooks/deliveries";
import { retryDeliveryOperation } from "@/lib/webhooks/operations";

export const POST = endpoint(retryDeliveryOperation, ({ runtime, principal, params }) =>
  withTransaction(runtime.db, (tx) => retryDelivery(tx, principal.clientId, params.deliveryId)),
);
