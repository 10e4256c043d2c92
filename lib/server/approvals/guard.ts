import "server-only";
import type { Principal } from "@/lib/server/auth/tokens";
import { policiesOf } from "@/lib/server/approvals/drafts";
import type { Queryable } from "@/lib/server/db/types";
import { draftFacts, matchPolicy, type DraftRequest } from "@/lib/contract/approvals/policy";
import { ApiError } from "@/lib/contract/http/errors";

/**
 * A person signed in to the portal holds a token that could call the payment
 * and virtual-account routes directly; what their organisation's policy holds
 * back must go through a draft instead, or dual control would be one click
 * deep. Integrations (no portal user) keep the spec's behaviour and pay no query.
 */
export async function assertNotHeldBack(db: Queryable, principal: Principal, payment: DraftRequest): Promise<void> {
  if (!principal.portalUser) return;
  const policy = matchPolicy(await policiesOf(db, principal.clientId), draftFacts(payment));
  if (policy) {
    const what = payment.rail === "VIRTUAL_ACCOUNT_BATCH" ? "batch" : payment.rail === "INTERNAL" ? "transfer" : "payment";
    throw new ApiError("FORBIDDEN", `Your organisation's policy needs ${policy.approvers} approval(s) for this ${what}: draft it in the portal.`);
  }
}
