import { portalCallerOf } from "@/lib/server/domain/approvals/actor";
import { rejectCounterparty } from "@/lib/server/domain/counterparties/decide";
import { endpoint } from "@/lib/server/entry/http/endpoint";
import { rejectCounterpartyOperation } from "@/lib/contract/counterparties/operations";

export const dynamic = "force-dynamic";

export const POST = endpoint(rejectCounterpartyOperation, ({ principal, actor, params, body, inUnit }) =>
  inUnit((unit) => rejectCounterparty(unit, portalCallerOf(principal, actor), { counterpartyId: params.counterpartyId, comment: body.comment || null })),
);
