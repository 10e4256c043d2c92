import { portalCallerOf } from "@/lib/server/domain/approvals/actor";
import { approveDraft } from "@/lib/server/domain/approvals/decide";
import { requireStepUp } from "@/lib/server/domain/auth/second-factor";
import { endpoint } from "@/lib/server/entry/http/endpoint";
import { paymentOptionsOf } from "@/lib/server/domain/payments/context";
import { canApprove } from "@/lib/contract/auth/roles";
import { approvePaymentDraftOperation } from "@/lib/contract/approvals/operations";

export const dynamic = "force-dynamic";

/** The last approval calls the rail's use case in its own transaction (lib/server/domain/approvals/decide.ts). */
export const POST = endpoint(approvePaymentDraftOperation, async ({ runtime, principal, actor, params, body, baseUrl, inUnit }) => {
  const caller = portalCallerOf(principal, actor);
  // Step-up for those who may approve; anyone else gets the plain 403 the decision gives them.
  if (canApprove(caller.role)) await requireStepUp(runtime.db, principal);
  const { config } = runtime;
  const making = { payment: paymentOptionsOf(runtime, null), config, baseUrl, idempotencyTtlSeconds: config.idempotencyTtlSeconds };
  return inUnit((unit) => approveDraft(unit, caller, { draftId: params.draftId, comment: body.comment || null }, making));
});
