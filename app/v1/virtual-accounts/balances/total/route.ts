import { endpoint } from "@/lib/server/entry/http/endpoint";
import { getVirtualAccountTotalBalanceOperation } from "@/lib/contract/virtual-accounts/operations";
import { getTotalBalance } from "@/lib/server/domain/virtual-accounts/service";

export const dynamic = "force-dynamic";

export const GET = endpoint(getVirtualAccountTotalBalanceOperation, ({ runtime, principal, query }) =>
  getTotalBalance(runtime.db, principal.clientId, query.currency),
);
