import { endpoint } from "@/lib/http/endpoint";
import { getVirtualAccountBalancesOperation } from "@/lib/virtual-accounts/operations";
import { getBalances } from "@/lib/virtual-accounts/service";

export const dynamic = "force-dynamic";

export const POST = endpoint(getVirtualAccountBalancesOperation, ({ runtime, principal, body }) =>
  getBalances(runtime.db, principal.clientId, body.accountNumbers),
);
