import { endpoint } from "@/lib/server/entry/http/endpoint";
import { changeCounterparty, deleteCounterparty, getCounterpartyOrThrow } from "@/lib/server/domain/counterparties/service";
import { deleteCounterpartyOperation, getCounterpartyOperation, updateCounterpartyOperation } from "@/lib/contract/counterparties/operations";

export const dynamic = "force-dynamic";

export const GET = endpoint(getCounterpartyOperation, ({ runtime, principal, params }) =>
  getCounterpartyOrThrow(runtime.db, principal.clientId, params.counterpartyId),
);

export const PATCH = endpoint(updateCounterpartyOperation, ({ params, body, inUnit }) =>
  inUnit((unit) => changeCounterparty(unit, params.counterpartyId, body)),
);

export const DELETE = endpoint(deleteCounterpartyOperation, ({ params, inUnit }) => inUnit((unit) => deleteCounterparty(unit, params.counterpartyId)));
