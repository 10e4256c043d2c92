import { endpoint } from "@/lib/server/entry/http/endpoint";
import { getVirtualAccountStatementOperation } from "@/lib/contract/ledger/operations";
import { streamStatement } from "@/lib/server/domain/ledger/statements/stream";

export const dynamic = "force-dynamic";

export const GET = endpoint(getVirtualAccountStatementOperation, ({ runtime, principal, params, query }) =>
  streamStatement(runtime.db, principal.clientId, params.virtualAccountNumber, query, "virtual"),
);
