import { portalCallerOf } from "@/lib/server/approvals/actor";
import { getDraft } from "@/lib/server/approvals/drafts";
import { endpoint } from "@/lib/server/http/endpoint";
import { getPaymentDraftOperation } from "@/lib/contract/approvals/operations";

export const dynamic = "force-dynamic";

export const GET = endpoint(getPaymentDraftOperation, ({ runtime, principal, actor, params }) =>
  getDraft(runtime.db, portalCallerOf(principal, actor), params.draftId),
);
