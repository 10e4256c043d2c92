import { endpoint } from "@/lib/server/http/endpoint";
import { getVirtualAccountBalancesOperation } from "@/lib/contract/virtual-accounts/operations";
import { getBalances } from "@/lib/server/virtual-accounts/service";

export const dynamic = "force-dynamic";

export const POST = endpoint(getVirtualAccountBalancesOperation, ({ runtime, principal, body }) =>
  getBalances(runtime.db, principal.clientId, body.accountNumbers),
);
