import type { Metadata } from "next";
import { RunDetail } from "@/components/payment-runs/run-detail";
import { BackLink } from "@/components/ui/detail";
import { requirePortalUser } from "@/lib/server/entry/portal/session";

type Props = { params: Promise<{ batchId: string }> };

export const metadata: Metadata = { title: "Payment run" };

export default async function PaymentRunPage({ params }: Props) {
  const { batchId } = await params;
  await requirePortalUser(`/payment-runs/${encodeURIComponent(batchId)}`);
  return (
    <div className="space-y-6">
      <BackLink href="/payment-runs">Payment runs</BackLink>
      <RunDetail batchId={batchId} />
    </div>
  );
}
