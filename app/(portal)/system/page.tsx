import type { Metadata } from "next";
import { BankClock } from "@/components/system/bank-clock";
import { StatusMonitor } from "@/components/system/status-monitor";
import { PageHeader } from "@/components/ui/page-header";
import { requirePortalUser } from "@/lib/server/entry/portal/session";
import { loadPaymentReference } from "@/lib/server/entry/portal/payment-reference";

export const metadata: Metadata = { title: "System" };

export default async function SystemPage() {
  await requirePortalUser("/system");
  // Bank holidays are reference data, not a client's data: read server-side like the payment forms do.
  const { holidays, achCutoff } = await loadPaymentReference();
  return (
    <>
      <PageHeader title="System" description="The bank's clock, today's ACH cut-off and the health of the service." />
      <div className="space-y-6">
        <BankClock holidays={holidays} achCutoff={achCutoff} />
        <StatusMonitor />
      </div>
    </>
  );
}
