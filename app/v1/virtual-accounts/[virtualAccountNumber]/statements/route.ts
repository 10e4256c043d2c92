import { endpoint } from "@/lib/server/http/endpoint";
import { getVirtualAccountStatementOperation } from "@/lib/contract/ledger/operations";
import { streamStatement } from "@/lib/server/ledger/statements/stream";

export const dynamic = "force-dynamic";

export const GET = endpoint(getVirtualAccountStatementOperation, ({ runtime, principal, params, query }) =>
  streamStatement(runtime.db, principal.clientId, params.virtualAccountNumber, query, "virtual"),
);
