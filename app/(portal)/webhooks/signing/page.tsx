import type { Metadata } from "next";
import { headers } from "next/headers";
import { SigningView } from "@/components/webhooks/signing-view";
import { WebhooksNav } from "@/components/webhooks/webhooks-nav";
import { Forbidden } from "@/components/ui/forbidden";
import { PageHeader } from "@/components/ui/page-header";
import { checkRole } from "@/lib/server/entry/portal/session";
import { getConfig } from "@/lib/server/core/config";
import { baseUrlOf } from "@/lib/server/entry/http/base-url";

export const metadata: Metadata = { title: "Webhook signing" };

/** The configured base (PUBLIC_BASE_URL or NEXTAUTH_URL) when set, else the address this page was reached at (as /developers/access does). */
async function baseUrl(): Promise<string> {
  return baseUrlOf(await headers(), new URL("http://localhost"), getConfig());
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
