import { portalCallerOf } from "@/lib/server/domain/approvals/actor";
import { rejectDraft } from "@/lib/server/domain/approvals/decide";
import { endpoint } from "@/lib/server/entry/http/endpoint";
import { rejectPaymentDraftOperation } from "@/lib/contract/approvals/operations";

export const dynamic = "force-dynamic";

export const POST = endpoint(rejectPaymentDraftOperation, ({ principal, actor, params, body, inUnit }) =>
  inUnit((unit) => rejectDraft(unit, portalCallerOf(principal, actor), { draftId: params.draftId, comment: body.comment || null })),
);
