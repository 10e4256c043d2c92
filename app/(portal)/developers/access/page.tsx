import type { Metadata } from "next";
import { headers } from "next/headers";
import { TokenHelper } from "@/components/reference/token-helper";
import { Forbidden } from "@/components/ui/forbidden";
import { PageHeader } from "@/components/ui/page-header";
import { isPermission } from "@/lib/contract/auth/permissions";
import { scopesForRole } from "@/lib/contract/auth/roles";
import { checkRole } from "@/lib/server/entry/portal/session";
import { getConfig } from "@/lib/server/core/config";
import { issueTestToken } from "./actions";

export const metadata: Metadata = { title: "API access" };

/** PUBLIC_BASE_URL when the deployment sets it, else the address this page was reached at. */
async function baseUrl(): Promise<string> {
  const configured = getConfig().publicBaseUrl;
  if (configured) return configured;
  const h = await headers();
  const proto = h.get("x-forwarded-proto") === "https" ? "https" : "http";
  return `${proto}://${h.get("host") ?? "localhost"}`;
}

export default async function AccessPage() {
  const { user, allowed } = await checkRole("admin", "/developers/access");
  if (!allowed) return <Forbidden required="admin" actual={user.role} />;
  return (
    <>
      <PageHeader title="API access" description="Get an access token for your organisation's API client." />
      <TokenHelper
        clientId={user.clientId}
        baseUrl={await baseUrl()}
        availableScopes={scopesForRole(user.role, user.clientPermissions).filter(isPermission)}
        issueTestToken={issueTestToken}
      />
    </>
  );
}
