import type { Metadata } from "next";
import { StandingOrdersView } from "@/components/standing-orders/standing-orders-view";
import { Forbidden } from "@/components/ui/forbidden";
import { PageHeader } from "@/components/ui/page-header";
import { checkRole } from "@/lib/server/entry/portal/session";

export const metadata: Metadata = { title: "Standing orders" };

export default async function StandingOrdersPage() {
  // Standing orders are the treasury's (permission standing-orders: the roles that pay, decisions §11).
  const { user, allowed } = await checkRole("treasurer", "/standing-orders");
  if (!allowed) return <Forbidden required="treasurer" actual={user.role} />;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Standing orders"
        description="Payments made again every week or month. Each one is an ordinary payment on its bank day, listed under Payments; a weekend or holiday moves it to the next business day."
      />
      <StandingOrdersView />
    </div>
  );
}
