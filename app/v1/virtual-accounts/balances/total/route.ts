import { endpoint } from "@/lib/http/endpoint";
import { getVirtualAccountTotalBalanceOperation } from "@/lib/virtual-accounts/operations";
import { getTotalBalance } from "@/lib/virtual-accounts/service";

export const dynamic = "force-dynamic";

export const GET = endpoint(getVirtualAccountTotalBalanceOperation, ({ runtime, principal, query }) =>
  getTotalBalance(runtime.db, principal.clientId, query.currency),
);
