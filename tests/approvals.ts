import { expect } from "vitest";
import { PUT as putPolicies } from "@/app/v1/approvals/policies/route";
import type { TApprovalPolicy } from "@/lib/contract/approvals/schema";
import { call } from "@/tests/api";
import { portalTokenFor } from "@/tests/portal";
import { getRuntime } from "@/lib/server/entry/runtime";

/** acme's treasurer, approver and admin, signed in to the portal, with the admin's approval policies in place. */
export async function approvalTeam(policies: TApprovalPolicy[]): Promise<{ treasurer: string; approver: string; admin: string }> {
  const [treasurer, approver, admin] = await Promise.all([
    portalTokenFor("treasurer@acme.test"),
    portalTokenFor("approver@acme.test"),
    portalTokenFor("admin@acme.test"),
  ]);
  const res = await call(putPolicies, "/v1/approvals/policies", { method: "PUT", token: admin, body: { policies } });
  expect(res.status).toBe(200);
  return { treasurer, approver, admin };
}

/** How many responses are stored under a draft's Idempotency-Key for acme's `path`: 1 once its payment is made, never more. */
export async function paymentsOfDraftKey(key: string, path = "/v1/payments/ach-local"): Promise<number> {
  const { db } = await getRuntime();
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM idempotency_keys WHERE client_id = 'acme' AND idem_key = $1 AND path = $2 AND state = 'completed'",
    [key, path],
  );
  return rows[0]!.n;
}
