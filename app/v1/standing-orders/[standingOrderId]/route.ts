import { endpoint } from "@/lib/server/entry/http/endpoint";
import { cancelStandingOrder, getStandingOrderOrThrow } from "@/lib/server/domain/standing-orders/service";
import { changeStandingOrder } from "@/lib/server/domain/standing-orders/change";
import { cancelStandingOrderOperation, changeStandingOrderOperation, getStandingOrderOperation } from "@/lib/contract/standing-orders/operations";

export const dynamic = "force-dynamic";

export const GET = endpoint(getStandingOrderOperation, ({ runtime, principal, params }) =>
  getStandingOrderOrThrow(runtime.db, principal.clientId, params.standingOrderId),
);

export const DELETE = endpoint(cancelStandingOrderOperation, ({ params, principal, inUnit }) =>
  inUnit((unit) => cancelStandingOrder(unit, { scopes: principal.scopes, standingOrderId: params.standingOrderId })),
);

export const PATCH = endpoint(changeStandingOrderOperation, ({ runtime, params, body, principal, inUnit }) =>
  inUnit((unit) =>
    changeStandingOrder(unit, {
      scopes: principal.scopes,
      standingOrderId: params.standingOrderId,
      change: body,
      lockTimeoutMs: runtime.config.dedupeLockTimeoutMs,
    }),
  ),
);
