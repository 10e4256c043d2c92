import { portalCallerOf } from "@/lib/server/domain/approvals/actor";
import { draftKeyOf } from "@/lib/server/domain/approvals/draft-key";
import { redraft } from "@/lib/server/domain/approvals/drafts";
import { endpoint } from "@/lib/server/entry/http/endpoint";
import { redraftPaymentDraftOperation } from "@/lib/contract/approvals/operations";

export const dynamic = "force-dynamic";

export const POST = endpoint(redraftPaymentDraftOperation, ({ principal, actor, request, params, transaction }) => {
  const caller = { ...portalCallerOf(principal, actor), scopes: principal.scopes };
  return transaction((tx) => redraft(tx, caller, params.draftId, draftKeyOf(request)));
});
