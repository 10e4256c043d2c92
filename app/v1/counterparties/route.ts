import { endpoint } from "@/lib/server/entry/http/endpoint";
import { createCounterparty, listCounterparties } from "@/lib/server/domain/counterparties/service";
import { createCounterpartyOperation, listCounterpartiesOperation } from "@/lib/contract/counterparties/operations";

export const dynamic = "force-dynamic";

export const POST = endpoint(createCounterpartyOperation, ({ body, inUnit }) => inUnit((unit) => createCounterparty(unit, body)));

export const GET = endpoint(listCounterpartiesOperation, ({ runtime, principal, query }) =>
  listCounterparties(runtime.db, principal.clientId, query, runtime.pageTokenSecret),
);
