import { endpoint } from "@/lib/server/entry/http/endpoint";
import { getAccountStatementOperation } from "@/lib/contract/ledger/operations";
import { streamStatement } from "@/lib/server/domain/ledger/statements/stream";

export const dynamic = "force-dynamic";

export const GET = endpoint(getAccountStatementOperation, ({ runtime, principal, params, query }) =>
  streamStatement(runtime.db, principal.clientId, params.accountNumber, query),
);
