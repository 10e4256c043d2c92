import { listAccountsOperation } from "@/lib/contract/accounts/operations";
import { listAccountsPage } from "@/lib/server/domain/accounts/service";
import { endpoint } from "@/lib/server/entry/http/endpoint";

export const dynamic = "force-dynamic";

export const GET = endpoint(listAccountsOperation, ({ runtime, principal, query }) =>
  listAccountsPage(runtime.db, principal.clientId, query, runtime.pageTokenSecret),
);
