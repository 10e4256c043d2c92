import { endpoint } from "@/lib/http/endpoint";
import { createBatchV1 } from "@/lib/virtual-accounts/create";
import { createVirtualAccountsV1Operation, listVirtualAccountsOperation } from "@/lib/virtual-accounts/operations";
import { listVirtualAccountsPage } from "@/lib/virtual-accounts/service";

export const dynamic = "force-dynamic";

export const POST = endpoint(createVirtualAccountsV1Operation, createBatchV1);

export const GET = endpoint(listVirtualAccountsOperation, ({ runtime, principal, query }) =>
  listVirtualAccountsPage(runtime.db, principal.clientId, query, runtime.pageTokenSecret),
);
