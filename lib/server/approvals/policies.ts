import "server-only";
import { writeAudit } from "@/lib/server/audit/write";
import type { AuditContext } from "@/lib/server/approvals/actor";
import { listPolicies, replacePolicies, type PolicyRow } from "@/lib/server/approvals/repo";
import type { Queryable } from "@/lib/server/db/types";
import { storedThreshold, thresholdText } from "@/lib/contract/approvals/policy";
import type { TApprovalPolicies, TApprovalPolicy } from "@/lib/contract/approvals/schema";
import { ApiError } from "@/lib/contract/http/errors";

function toPolicy(row: PolicyRow): TApprovalPolicy {
  return { rail: row.rail, currency: row.currency, threshold: thresholdText(row.rail, BigInt(row.threshold_minor), row.currency), approvers: row.approvers };
}

export async function getPolicies(db: Queryable, clientId: string): Promise<TApprovalPolicies> {
  return { policies: (await listPolicies(db, clientId)).map(toPolicy) };
}

/**
 * Replaces an organisation's policies, audited with the whole set before and
 * after. Drafts already waiting keep the approvals they were drafted under.
 */
export async function savePolicies(tx: Queryable, audit: AuditContext, input: TApprovalPolicies): Promise<TApprovalPolicies> {
  const rows: PolicyRow[] = input.policies.map((p, i) => {
    try {
      return { rail: p.rail, currency: p.currency, threshold_minor: storedThreshold(p).toString(), approvers: p.approvers };
    } catch {
      throw new ApiError("VALIDATION_ERROR", `The threshold ${p.threshold} is not a valid ${p.currency} amount.`, { field: `policies[${i}].threshold` });
    }
  });
  const before = await getPolicies(tx, audit.clientId);
  await replacePolicies(tx, audit.clientId, rows);
  const after = await getPolicies(tx, audit.clientId);
  await writeAudit(tx, { ...audit, action: "approval_policy.changed", entity: "approval_policy", entityId: audit.clientId, before, after });
  return after;
}
