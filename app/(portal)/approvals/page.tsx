import type { Metadata } from "next";
import { ApprovalsQueue } from "@/components/approvals/approvals-queue";
import { PageHeader } from "@/components/ui/page-header";
import { requirePortalUser } from "@/lib/server/entry/portal/session";

export const metadata: Metadata = { title: "Approvals" };

export default async function ApprovalsPage() {
  await requirePortalUser("/approvals");
  return (
    <div className="space-y-6">
      <PageHeader title="Approvals" description="Payments your organisation's policies hold back until a second person approves them." />
      <ApprovalsQueue />
    </div>
  );
}
