import { endpoint } from "@/lib/server/http/endpoint";
import { listAccountTransactionsOperation } from "@/lib/contract/ledger/operations";
import { listAccountTransactions } from "@/lib/server/ledger/activity";

export const dynamic = "force-dynamic";

export const GET = endpoint(listAccountTransactionsOperation, ({ runtime, principal, params, query }) =>
  listAccountTransactions(runtime.db, principal.clientId, params.accountNumber, query, runtime.pageTokenSecret),
);
