import { endpoint } from "@/lib/server/entry/http/endpoint";
import { getAccountBalancesOperation } from "@/lib/contract/ledger/operations";
import { getAccountBalances } from "@/lib/server/domain/ledger/balances";

export const dynamic = "force-dynamic";

export const GET = endpoint(getAccountBalancesOperation, ({ runtime, principal, params }) =>
  getAccountBalances(runtime.db, principal.clientId, params.accountNumber),
);
