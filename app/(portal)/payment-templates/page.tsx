import type { Metadata } from "next";
import { TemplatesView } from "@/components/payment-templates/templates-view";
import { PageHeader } from "@/components/ui/page-header";
import { requirePortalUser } from "@/lib/server/entry/portal/session";

export const metadata: Metadata = { title: "Payment templates" };

export default async function PaymentTemplatesPage() {
  // Every role reads the saved payments (permission payment-templates); paying from one and deleting one are the treasury's.
  await requirePortalUser("/payment-templates");
  return (
    <div className="space-y-6">
      <PageHeader
        title="Payment templates"
        description="Payments your organisation makes again and again, saved by name. Paying from a template opens its form filled in: you check it and send it as any payment, with the same approvals."
      />
      <TemplatesView />
    </div>
  );
}
