import { endpoint } from "@/lib/server/http/endpoint";
import { createBatchV1 } from "@/lib/server/virtual-accounts/create";
import { createVirtualAccountsV1Operation, listVirtualAccountsOperation } from "@/lib/contract/virtual-accounts/operations";
import { listVirtualAccountsPage } from "@/lib/server/virtual-accounts/service";

export const dynamic = "force-dynamic";

export const POST = endpoint(createVirtualAccountsV1Operation, createBatchV1);

export const GET = endpoint(listVirtualAccountsOperation, ({ runtime, principal, query }) =>
  listVirtualAccountsPage(runtime.db, principal.clientId, query, runtime.pageTokenSecret),
);
