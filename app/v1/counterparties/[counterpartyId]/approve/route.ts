import { portalCallerOf } from "@/lib/server/domain/approvals/actor";
import { requireStepUp } from "@/lib/server/domain/auth/second-factor";
import { approveCounterparty } from "@/lib/server/domain/counterparties/decide";
import { endpoint } from "@/lib/server/entry/http/endpoint";
import { canApprove } from "@/lib/contract/auth/roles";
import { approveCounterpartyOperation } from "@/lib/contract/counterparties/operations";

export const dynamic = "force-dynamic";

/** A changed account number is what a second pair of eyes must see: approvers prove a fresh second factor, as for payments. */
export const POST = endpoint(approveCounterpartyOperation, async ({ runtime, principal, actor, params, body, inUnit }) => {
  const caller = portalCallerOf(principal, actor);
  if (canApprove(caller.role)) await requireStepUp(runtime.db, principal);
  return inUnit((unit) => approveCounterparty(unit, caller, { counterpartyId: params.counterpartyId, comment: body.comment || null }));
});
