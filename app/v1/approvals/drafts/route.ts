import { portalCallerOf, requireRailPermission } from "@/lib/server/domain/approvals/actor";
import { draftKeyOf } from "@/lib/server/domain/approvals/draft-key";
import { createDraft, listDraftsFor } from "@/lib/server/domain/approvals/drafts";
import { endpoint } from "@/lib/server/entry/http/endpoint";
import { createPaymentDraftOperation, listPaymentDraftsOperation } from "@/lib/contract/approvals/operations";

export const dynamic = "force-dynamic";

export const POST = endpoint(createPaymentDraftOperation, ({ principal, actor, request, body, transaction }) => {
  const caller = portalCallerOf(principal, actor);
  requireRailPermission(principal.scopes, body);
  return transaction((tx) => createDraft(tx, { ...caller, scopes: principal.scopes }, body, draftKeyOf(request)));
});

export const GET = endpoint(listPaymentDraftsOperation, ({ runtime, principal, actor, query }) =>
  listDraftsFor(runtime.db, portalCallerOf(principal, actor), query),
);
