import "server-only";
import { writeAudit } from "@/lib/server/core/audit/write";
import type { Actor } from "@/lib/server/core/unit";
import type { Queryable } from "@/lib/server/core/db/types";
import { listPolicies, replacePolicies, type PolicyRow } from "@/lib/server/domain/dual-control/repo";
import { draftFacts, judgeRun, matchPolicy, storedThreshold, thresholdText, type DraftRequest, type RunJudgement } from "@/lib/contract/approvals/policy";
import type { TPaymentRunItem } from "@/lib/contract/payment-runs/schema";
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
 * The same rule over many requests (a set of single payments), the policies
 * read once: the first request a policy holds back refuses them.
 */
export async function assertNoneHeldBack(db: Queryable, actor: Actor, requests: readonly DraftRequest[], approved: boolean): Promise<void> {
  if (!actor.person || approved || requests.length === 0) return;
  const policies = await policiesOf(db, actor.clientId);
  if (policies.length === 0) return;
  for (const request of requests) {
    const policy = matchPolicy(policies, draftFacts(request));
    if (!policy) continue;
    const what =
      request.rail === "VIRTUAL_ACCOUNT_BATCH" ? "batch" : request.rail === "BATCH" ? "payment run" : request.rail === "INTERNAL" ? "transfer" : "payment";
    throw new ApiError("FORBIDDEN", `Your organisation's policy needs ${policy.approvers} approval(s) for this ${what}: draft it in the portal.`);
  }
}

/**
 * A run holding payments that their own rail's policy holds back, in a
 * currency without a BATCH policy, cannot be approved as a whole (no policy
 * says who approves runs in that currency): refused whole, drafted or not.
 */
export function uncoveredRunError(judgement: RunJudgement, payments: number): ApiError | null {
  const { uncovered } = judgement;
  if (uncovered.payments === 0) return null;
  return new ApiError(
    "FORBIDDEN",
    `Your organisation's policy needs approval for ${uncovered.payments} of this run's ${payments} payments, and it has no BATCH (payment run) ` +
      `approval policy in ${uncovered.currencies.join(", ")} to approve a run as a whole: ask an administrator for one, ` +
      "or draft those payments one by one and leave them out of the run.",
  );
}

/**
 * A person's payment run, judged as a whole (judgeRun; docs/payment-runs.md
 * "Approvals"): one its organisation's policies hold back is sent for
 * approval as one draft, never straight to the bank. An approved draft's run
 * (`approved`) is what the policy asked for; integrations' runs go at once.
 */
export async function assertRunNotHeldBack(db: Queryable, actor: Actor, items: readonly TPaymentRunItem[], approved: boolean): Promise<void> {
  if (!actor.person || approved || items.length === 0) return;
  const policies = await policiesOf(db, actor.clientId);
  if (policies.length === 0) return;
  const judgement = judgeRun(policies, items);
  const uncovered = uncoveredRunError(judgement, items.length);
  if (uncovered) throw uncovered;
  if (judgement.policy) {
    throw new ApiError(
      "FORBIDDEN",
      `Your organisation's policy needs ${judgement.policy.approvers} approval(s) for this payment run: send it for approval in the portal (it waits as one draft).`,
    );
  }
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
