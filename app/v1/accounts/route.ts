import { listAccountsOperation } from "@/lib/accounts/operations";
import { listAccountsPage } from "@/lib/accounts/service";
import { endpoint } from "@/lib/http/endpoint";

export const dynamic = "force-dynamic";

export const GET = endpoint(listAccountsOperation, ({ runtime, principal, query }) =>
  listAccountsPage(runtime.db, principal.clientId, query, runtime.pageTokenSecret),
);
