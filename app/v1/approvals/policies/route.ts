import { portalCallerOf, requireAdmin } from "@/lib/server/domain/approvals/actor";
import { getPolicies, savePolicies } from "@/lib/server/domain/dual-control/policies";
import { requireStepUp } from "@/lib/server/domain/auth/second-factor";
import { endpoint } from "@/lib/server/entry/http/endpoint";
import { getApprovalPoliciesOperation, putApprovalPoliciesOperation } from "@/lib/contract/approvals/operations";

export const dynamic = "force-dynamic";

export const GET = endpoint(getApprovalPoliciesOperation, ({ runtime, principal, actor }) =>
  getPolicies(runtime.db, portalCallerOf(principal, actor).clientId),
);

export const PUT = endpoint(putApprovalPoliciesOperation, async ({ runtime, principal, actor, body, transaction }) => {
  const caller = portalCallerOf(principal, actor);
  requireAdmin(caller);
  await requireStepUp(runtime.db, principal);
  return transaction((tx) => savePolicies(tx, caller, body));
});
