import type { Metadata } from "next";
import { BankClock } from "@/components/system/bank-clock";
import { StatusMonitor } from "@/components/system/status-monitor";
import { PageHeader } from "@/components/ui/page-header";
import { requirePortalUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "System" };

export default async function SystemPage() {
  await requirePortalUser("/system");
  return (
    <>
      <PageHeader title="System" description="The bank's clock, today's ACH cut-off and the health of the service." />
      <div className="space-y-6">
        <BankClock />
        <StatusMonitor />
      </div>
    </>
  );
}
