import { portalCallerOf, requireAdmin } from "@/lib/server/approvals/actor";
import { getPolicies, savePolicies } from "@/lib/server/approvals/policies";
import { endpoint } from "@/lib/server/http/endpoint";
import { getApprovalPoliciesOperation, putApprovalPoliciesOperation } from "@/lib/contract/approvals/operations";

export const dynamic = "force-dynamic";

export const GET = endpoint(getApprovalPoliciesOperation, ({ runtime, principal, actor }) =>
  getPolicies(runtime.db, portalCallerOf(principal, actor).clientId),
);

export const PUT = endpoint(putApprovalPoliciesOperation, ({ principal, actor, body, transaction }) => {
  const caller = portalCallerOf(principal, actor);
  requireAdmin(caller);
  return transaction((tx) => savePolicies(tx, caller, body));
});
