import type { Metadata } from "next";
import { headers } from "next/headers";
import { SigningView } from "@/components/webhooks/signing-view";
import { WebhooksNav } from "@/components/webhooks/webhooks-nav";
import { Forbidden } from "@/components/ui/forbidden";
import { PageHeader } from "@/components/ui/page-header";
import { checkRole } from "@/lib/server/entry/portal/session";
import { getConfig } from "@/lib/server/core/config";

export const metadata: Metadata = { title: "Webhook signing" };

/** PUBLIC_BASE_URL when the deployment sets it, else the address this page was reached at (as /developers/access does). */
async function baseUrl(): Promise<string> {
  const configured = getConfig().publicBaseUrl;
  if (configured) return configured.replace(/\/+$/, "");
  const h = await headers();
  const proto = h.get("x-forwarded-proto") === "https" ? "https" : "http";
  return `${proto}://${h.get("host") ?? "localhost"}`;
}

export default async function SigningPage() {
  const { user, allowed } = await checkRole("admin", "/webhooks/signing");
  if (!allowed) return <Forbidden required="admin" actual={user.role} />;
  return (
    <>
      <PageHeader title="Webhooks" description="Deposit notifications posted to your systems as money arrives, signed by the bank." />
      <WebhooksNav env={getConfig().appEnv} />
      <SigningView jwksUrl={`${await baseUrl()}/v1/.well-known/jwks.json`} />
    </>
  );
}
