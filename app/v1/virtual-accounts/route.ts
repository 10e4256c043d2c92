import { assertNotHeldBack } from "@/lib/server/domain/dual-control/policies";
import { endpoint } from "@/lib/server/entry/http/endpoint";
import { createBatchV1 } from "@/lib/server/entry/http/virtual-accounts-create";
import { createVirtualAccountsV1Operation, listVirtualAccountsOperation } from "@/lib/contract/virtual-accounts/operations";
import { listVirtualAccountsPage } from "@/lib/server/domain/virtual-accounts/service";

export const dynamic = "force-dynamic";

export const POST = endpoint(createVirtualAccountsV1Operation, async (ctx) => {
  await assertNotHeldBack(ctx.runtime.db, ctx.actor, { rail: "VIRTUAL_ACCOUNT_BATCH", request: ctx.body }, false);
  return createBatchV1(ctx);
});

export const GET = endpoint(listVirtualAccountsOperation, ({ runtime, principal, query }) =>
  listVirtualAccountsPage(runtime.db, principal.clientId, query, runtime.pageTokenSecret),
);
