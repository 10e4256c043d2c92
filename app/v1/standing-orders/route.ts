import { endpoint } from "@/lib/server/entry/http/endpoint";
import { createStandingOrder, listStandingOrders } from "@/lib/server/domain/standing-orders/service";
import { createStandingOrderOperation, listStandingOrdersOperation } from "@/lib/contract/standing-orders/operations";

export const dynamic = "force-dynamic";

export const POST = endpoint(createStandingOrderOperation, ({ runtime, body, principal, inUnit }) =>
  inUnit((unit) => createStandingOrder(unit, { scopes: principal.scopes, order: body, lockTimeoutMs: runtime.config.dedupeLockTimeoutMs })),
);

export const GET = endpoint(listStandingOrdersOperation, ({ runtime, principal, query }) =>
  listStandingOrders(runtime.db, principal.clientId, query, runtime.pageTokenSecret),
);
