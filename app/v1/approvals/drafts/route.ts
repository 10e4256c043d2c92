import { portalCallerOf } from "@/lib/server/approvals/actor";
import { draftKeyOf } from "@/lib/server/approvals/draft-key";
import { createDraft, listDraftsFor } from "@/lib/server/approvals/drafts";
import { endpoint } from "@/lib/server/http/endpoint";
import { createPaymentDraftOperation, listPaymentDraftsOperation } from "@/lib/contract/approvals/operations";

export const dynamic = "force-dynamic";

export const POST = endpoint(createPaymentDraftOperation, ({ principal, request, correlationId, body, transaction }) => {
  const caller = portalCallerOf(principal, request, correlationId);
  return transaction((tx) => createDraft(tx, caller, body, draftKeyOf(request)));
});

export const GET = endpoint(listPaymentDraftsOperation, ({ runtime, principal, request, correlationId, query }) =>
  listDraftsFor(runtime.db, portalCallerOf(principal, request, correlationId), query),
);
