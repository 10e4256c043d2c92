import { endpoint } from "@/lib/server/entry/http/endpoint";
import { getVirtualAccountBalancesOperation } from "@/lib/contract/virtual-accounts/operations";
import { getBalances } from "@/lib/server/domain/virtual-accounts/service";

export const dynamic = "force-dynamic";

export const POST = endpoint(getVirtualAccountBalancesOperation, ({ runtime, principal, body }) =>
  getBalances(runtime.db, principal.clientId, body.accountNumbers),
);
