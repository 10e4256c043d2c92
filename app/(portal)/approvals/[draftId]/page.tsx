import type { Metadata } from "next";
import { DraftDetail } from "@/components/approvals/draft-detail";
import { BackLink } from "@/components/ui/detail";
import { hasRole } from "@/lib/contract/auth/roles";
import { requirePortalUser } from "@/lib/server/entry/portal/session";

type Props = { params: Promise<{ draftId: string }> };

export const metadata: Metadata = { title: "Payment draft" };

export default async function DraftPage({ params }: Props) {
  const { draftId } = await params;
  const user = await requirePortalUser(`/approvals/${encodeURIComponent(draftId)}`);
  return (
    <div className="space-y-6">
      <BackLink href="/approvals">Approvals</BackLink>
      {/* Re-drafting makes a payment request again: treasurers and admins, as the API's permission says. */}
      <DraftDetail draftId={draftId} canPay={hasRole(user.role, "treasurer")} />
    </div>
  );
}
