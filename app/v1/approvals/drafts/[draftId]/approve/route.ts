import { POST as submitAch } from "@/app/v1/payments/ach-local/route";
import { POST as submitInternal } from "@/app/v1/payments/internal/route";
import { POST as submitSwift } from "@/app/v1/payments/swift/route";
import { POST as submitBatch } from "@/app/v2/virtual-accounts/route";
import { portalCallerOf } from "@/lib/server/approvals/actor";
import { apiSubmitter } from "@/lib/server/approvals/api-submission";
import { approveDraft } from "@/lib/server/approvals/decide";
import { requireStepUp } from "@/lib/server/auth/second-factor";
import { endpoint } from "@/lib/server/http/endpoint";
import { canApprove } from "@/lib/contract/auth/roles";
import { approvePaymentDraftOperation } from "@/lib/contract/approvals/operations";

export const dynamic = "force-dynamic";

/** The last approval submits through the API's own routes (payments, virtual accounts), so their rules and idempotency apply unchanged. */
export const POST = endpoint(approvePaymentDraftOperation, async ({ runtime, principal, actor, params, body }) => {
  const caller = portalCallerOf(principal, actor);
  // Step-up for those who may approve; anyone else gets the plain 403 the decision gives them.
  if (canApprove(caller.role)) await requireStepUp(runtime.db, principal);
  const submit = apiSubmitter(runtime, caller.clientId, {
    ACH: submitAch,
    SWIFT: submitSwift,
    INTERNAL: submitInternal,
    VIRTUAL_ACCOUNT_BATCH: submitBatch,
  });
  return approveDraft(runtime.db, caller, params.draftId, body.comment || null, submit);
});
