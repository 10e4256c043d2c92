import type { Metadata } from "next";
import { SubscriptionsView } from "@/components/webhooks/subscriptions-view";
import { WebhooksNav } from "@/components/webhooks/webhooks-nav";
import { Forbidden } from "@/components/ui/forbidden";
import { PageHeader } from "@/components/ui/page-header";
import { checkRole } from "@/lib/server/entry/portal/session";
import { getConfig } from "@/lib/server/core/config";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const { user, allowed } = await checkRole("admin", "/webhooks");
  if (!allowed) return <Forbidden required="admin" actual={user.role} />;
  const env = getConfig().appEnv;
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Deposits, payment changes, approvals and finished jobs posted to your systems as they happen, signed by the bank."
      />
      <WebhooksNav env={env} />
      <SubscriptionsView env={env} />
    </>
  );
}
