import "server-only";
import type { RequestContext } from "@/lib/server/entry/http/endpoint";
import { acceptBatch } from "@/lib/server/domain/virtual-accounts/jobs/accept";
import { specFromV1, specFromV2 } from "@/lib/server/domain/virtual-accounts/jobs/items";
import type { createVirtualAccountsV1Operation, createVirtualAccountsV2Operation } from "@/lib/contract/virtual-accounts/operations";
import type { TJobAccepted } from "@/lib/contract/virtual-accounts/responses";

type V1 = RequestContext<typeof createVirtualAccountsV1Operation>;
type V2 = RequestContext<typeof createVirtualAccountsV2Operation>;

/** The request's parts the batch service needs, whichever version it came in as. */
function acceptContext(ctx: V1 | V2) {
  return {
    db: ctx.runtime.db,
    config: ctx.runtime.config,
    transaction: ctx.transaction,
    audit: ctx.actor,
    baseUrl: ctx.baseUrl,
  };
}

export function createBatchV1(ctx: V1): Promise<TJobAccepted> {
  const { items, callbackUrl, customHeaders } = ctx.body;
  return acceptBatch(acceptContext(ctx), { apiVersion: 1, items: items.map(specFromV1), callbackUrl, customHeaders });
}

export function createBatchV2(ctx: V2): Promise<TJobAccepted> {
  const { items, callbackUrl, customHeaders } = ctx.body;
  return acceptBatch(acceptContext(ctx), { apiVersion: 2, items: items.map(specFromV2), callbackUrl, customHeaders });
}
