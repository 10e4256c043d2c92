import type { Metadata } from "next";
import { NewRunView } from "@/components/payment-runs/new-run-view";
import { BackLink } from "@/components/ui/detail";
import { Forbidden } from "@/components/ui/forbidden";
import { hasRole } from "@/lib/contract/auth/roles";
import { requirePortalUser } from "@/lib/server/entry/portal/session";

export const metadata: Metadata = { title: "New payment run" };

export default async function NewPaymentRunPage() {
  const user = await requirePortalUser("/payment-runs/new");
  return (
    <div className="space-y-6">
      <BackLink href="/payment-runs">Payment runs</BackLink>
      {hasRole(user.role, "treasurer") ? <NewRunView /> : <Forbidden required="treasurer" actual={user.role} />}
    </div>
  );
}
