import type { Metadata } from "next";
import { RunListView } from "@/components/payment-runs/run-list-view";
import { hasRole } from "@/lib/contract/auth/roles";
import { requirePortalUser } from "@/lib/server/entry/portal/session";

export const metadata: Metadata = { title: "Payment runs" };

export default async function PaymentRunsPage() {
  const user = await requirePortalUser("/payment-runs");
  return <RunListView canOperate={hasRole(user.role, "treasurer")} />;
}
