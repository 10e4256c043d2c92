import { expect } from "vitest";
import { PUT as putPolicies } from "@/app/v1/approvals/policies/route";
import type { TApprovalPolicy } from "@/lib/contract/approvals/schema";
import { call } from "@/tests/api";
import { portalTokenFor } from "@/tests/portal";

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
