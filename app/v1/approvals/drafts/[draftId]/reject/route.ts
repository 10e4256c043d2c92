import { portalCallerOf } from "@/lib/server/approvals/actor";
import { rejectDraft } from "@/lib/server/approvals/decide";
import { endpoint } from "@/lib/server/http/endpoint";
import { rejectPaymentDraftOperation } from "@/lib/contract/approvals/operations";

export const dynamic = "force-dynamic";

export const POST = endpoint(rejectPaymentDraftOperation, ({ runtime, principal, actor, params, body }) =>
  rejectDraft(runtime.db, portalCallerOf(principal, actor), params.draftId, body.comment || null),
);
