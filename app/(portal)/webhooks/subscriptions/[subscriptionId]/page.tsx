import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { DeliveryLogView } from "@/components/webhooks/delivery-log-view";
import { WebhooksNav } from "@/components/webhooks/webhooks-nav";
import { Forbidden } from "@/components/ui/forbidden";
import { checkRole } from "@/lib/server/entry/portal/session";
import { getConfig } from "@/lib/server/core/config";

export const metadata: Metadata = { title: "Delivery log" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Props = { params: Promise<{ subscriptionId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function DeliveryLogPage({ params, searchParams }: Props) {
  const { subscriptionId } = await params;
  const { transaction } = await searchParams;
  const { user, allowed } = await checkRole("admin", `/webhooks/subscriptions/${encodeURIComponent(subscriptionId)}`);
  if (!allowed) return <Forbidden required="admin" actual={user.role} />;
  if (!UUID.test(subscriptionId)) notFound();
  return (
    <DeliveryLogView
      subscriptionId={subscriptionId.toLowerCase()}
      expectTransaction={typeof transaction === "string" && transaction.length <= 100 ? transaction : null}
      nav={<WebhooksNav env={getConfig().appEnv} />}
    />
  );
}
