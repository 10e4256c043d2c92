import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";
import type { TPolicyRail } from "@/lib/contract/approvals/schema";

/** The only SQL of approval policies. The tenant is in every WHERE. */

/** threshold_minor: minor units of money, or a number of accounts for a VIRTUAL_ACCOUNT_BATCH policy. */
export type PolicyRow = { rail: TPolicyRail; currency: string; threshold_minor: string; approvers: 1 | 2 };

export async function listPolicies(db: Queryable, clientId: string): Promise<PolicyRow[]> {
  const { rows } = await db.query<PolicyRow>(
    "SELECT rail, currency, threshold_minor::text, approvers FROM approval_policies WHERE client_id = $1 ORDER BY rail, currency",
    [clientId],
  );
  return rows;
}

/** Replaces the organisation's policies (the caller holds a transaction and audits the change). */
export async function replacePolicies(db: Queryable, clientId: string, policies: readonly PolicyRow[]): Promise<void> {
  // The row lock on the client serialises two admins saving at once, so each audit row's before is true.
  await db.query("SELECT 1 FROM clients WHERE client_id = $1 FOR UPDATE", [clientId]);
  await db.query("DELETE FROM approval_policies WHERE client_id = $1", [clientId]);
  await db.query(
    `INSERT INTO approval_policies (client_id, rail, currency, threshold_minor, approvers)
     SELECT $1, rail, currency, threshold_minor, approvers
     FROM jsonb_to_recordset($2::jsonb) AS p(rail text, currency text, threshold_minor bigint, approvers smallint)`,
    [clientId, JSON.stringify(policies)],
  );
}
