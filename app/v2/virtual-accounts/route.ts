import { assertNotHeldBack } from "@/lib/server/domain/dual-control/policies";
import { endpoint } from "@/lib/server/entry/http/endpoint";
import { createBatchV2 } from "@/lib/server/entry/http/virtual-accounts-create";
import { createVirtualAccountsV2Operation } from "@/lib/contract/virtual-accounts/operations";

export const dynamic = "force-dynamic";

export const POST = endpoint(createVirtualAccountsV2Operation, async (ctx) => {
  await assertNotHeldBack(ctx.runtime.db, ctx.actor, { rail: "VIRTUAL_ACCOUNT_BATCH", request: ctx.body }, false);
  return createBatchV2(ctx);
});
