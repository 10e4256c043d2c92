import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SandboxView } from "@/components/webhooks/sandbox-view";
import { WebhooksNav } from "@/components/webhooks/webhooks-nav";
import { Forbidden } from "@/components/ui/forbidden";
import { PageHeader } from "@/components/ui/page-header";
import { checkRole } from "@/lib/server/entry/portal/session";
import { getConfig } from "@/lib/server/core/config";

export const metadata: Metadata = { title: "Sandbox deposits" };

/** UAT only (decisions §8): in production the page does not exist, like POST /v1/sandbox/deposits. */
export default async function SandboxPage() {
  if (getConfig().appEnv !== "uat") notFound();
  const { user, allowed } = await checkRole("admin", "/webhooks/sandbox");
  if (!allowed) return <Forbidden required="admin" actual={user.role} />;
  return (
    <>
      <PageHeader title="Webhooks" description="Deposit notifications posted to your systems as money arrives, signed by the bank." />
      <WebhooksNav env="uat" />
      <SandboxView />
    </>
  );
}
