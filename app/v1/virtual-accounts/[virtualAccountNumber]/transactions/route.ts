import { endpoint } from "@/lib/server/entry/http/endpoint";
import { listVirtualAccountTransactionsOperation } from "@/lib/contract/ledger/operations";
import { listTransactions } from "@/lib/server/domain/ledger/activity";

export const dynamic = "force-dynamic";

export const GET = endpoint(listVirtualAccountTransactionsOperation, ({ runtime, principal, params, query }) =>
  listTransactions(runtime.db, principal.clientId, "virtual", params.virtualAccountNumber, query, runtime.pageTokenSecret),
);
