import { endpoint } from "@/lib/server/entry/http/endpoint";
import { listAccountTransactionsOperation } from "@/lib/contract/ledger/operations";
import { listAccountTransactions } from "@/lib/server/domain/ledger/activity";

export const dynamic = "force-dynamic";

export const GET = endpoint(listAccountTransactionsOperation, ({ runtime, principal, params, query }) =>
  listAccountTransactions(runtime.db, principal.clientId, params.accountNumber, query, runtime.pageTokenSecret),
);
