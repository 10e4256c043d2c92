import "server-only";
import { writeAudit } from "@/lib/server/core/audit/write";
import type { Actor } from "@/lib/server/core/unit";
import type { Queryable } from "@/lib/server/core/db/types";
import { listPolicies, replacePolicies, type PolicyRow } from "@/lib/server/domain/dual-control/repo";
import { draftFacts, matchPolicy, storedThreshold, thresholdText, type DraftRequest } from "@/lib/contract/approvals/policy";
import type { TApprovalPolicies, TApprovalPolicy } from "@/lib/contract/approvals/schema";
import { ApiError } from "@/lib/contract/http/errors";

function toPolicy(row: PolicyRow): TApprovalPolicy {
  return { rail: row.rail, currency: row.currency, threshold: thresholdText(row.rail, BigInt(row.threshold_minor), row.currency), approvers: row.approvers };
}

export async function getPolicies(db: Queryable, clientId: string): Promise<TApprovalPolicies> {
  return { policies: (await listPolicies(db, clientId)).map(toPolicy) };
}

/** The organisation's policies in contract form, for matching. */
export async function policiesOf(db: Queryable, clientId: string): Promise<TApprovalPolicy[]> {
  return (await getPolicies(db, clientId)).policies;
}

/**
 * A person acting directly (a portal user's token) may not make what their
 * organisation's policy holds back: that goes through a draft, or dual
 * control would be one click deep. An approved draft's payment (`approved`)
 * is what the policy asked for; integrations keep the spec's behaviour and
 * pay no query.
 */
export async function assertNotHeldBack(db: Queryable, actor: Actor, request: DraftRequest, approved: boolean): Promise<void> {
  await assertNoneHeldBack(db, actor, [request], approved);
}

/**
 * The same rule over many requests (a payment run's items), the policies read
 * once: one item a policy holds back refuses them all, since a run cannot yet
 * be sent for approval as a whole and must not be a way around the drafts.
 */
export async function assertNoneHeldBack(db: Queryable, actor: Actor, requests: readonly DraftRequest[], approved: boolean): Promise<void> {
  if (!actor.person || approved || requests.length === 0) return;
  const policies = await policiesOf(db, actor.clientId);
  if (policies.length === 0) return;
  const held = requests.flatMap((request) => {
    const policy = matchPolicy(policies, draftFacts(request));
    return policy ? [{ request, policy }] : [];
  });
  if (held.length === 0) return;
  if (requests.length > 1) {
    throw new ApiError(
      "FORBIDDEN",
      `Your organisation's policy needs approval for ${held.length} of this run's ${requests.length} payments, and a run cannot be sent for approval yet: draft those payments one by one in the portal, or leave them out of the run.`,
    );
  }
  const { request, policy } = held[0]!;
  const what = request.rail === "VIRTUAL_ACCOUNT_BATCH" ? "batch" : request.rail === "INTERNAL" ? "transfer" : "payment";
  throw new ApiError("FORBIDDEN", `Your organisation's policy needs ${policy.approvers} approval(s) for this ${what}: draft it in the portal.`);
}

/**
 * Replaces an organisation's policies, audited with the whole set before and
 * after. Drafts already waiting keep the approvals they were drafted under.
 */
export async function savePolicies(tx: Queryable, actor: Omit<Actor, "person">, input: TApprovalPolicies): Promise<TApprovalPolicies> {
  const rows: PolicyRow[] = input.policies.map((p, i) => {
    try {
      return { rail: p.rail, currency: p.currency, threshold_minor: storedThreshold(p).toString(), approvers: p.approvers };
    } catch {
      throw new ApiError("VALIDATION_ERROR", `The threshold ${p.threshold} is not a valid ${p.currency} amount.`, { field: `policies[${i}].threshold` });
    }
  });
  const before = await getPolicies(tx, actor.clientId);
  await replacePolicies(tx, actor.clientId, rows);
  const after = await getPolicies(tx, actor.clientId);
  await writeAudit(tx, { ...actor, action: "approval_policy.changed", entity: "approval_policy", entityId: actor.clientId, before, after });
  return after;
}
