import type { Metadata } from "next";
import { PoliciesForm } from "@/components/approvals/policies-form";
import { Forbidden } from "@/components/ui/forbidden";
import { PageHeader } from "@/components/ui/page-header";
import { checkRole } from "@/lib/server/entry/portal/session";

export const metadata: Metadata = { title: "Approval policies" };

export default async function ApprovalPoliciesPage() {
  const { user, allowed } = await checkRole("admin", "/approvals/policies");
  if (!allowed) return <Forbidden required="admin" actual={user.role} />;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Approval policies"
        description="Which payments made in the portal wait for a second person. A change applies to new payments only: drafts already waiting keep the approvals they were made with."
      />
      <PoliciesForm />
    </div>
  );
}
