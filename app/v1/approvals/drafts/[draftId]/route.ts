import { portalCallerOf } from "@/lib/server/domain/approvals/actor";
import { getDraft } from "@/lib/server/domain/approvals/drafts";
import { endpoint } from "@/lib/server/entry/http/endpoint";
import { getPaymentDraftOperation } from "@/lib/contract/approvals/operations";

export const dynamic = "force-dynamic";

export const GET = endpoint(getPaymentDraftOperation, ({ runtime, principal, actor, params }) =>
  getDraft(runtime.db, portalCallerOf(principal, actor), params.draftId),
);
