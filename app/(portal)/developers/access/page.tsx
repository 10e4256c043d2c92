import type { Metadata } from "next";
import { headers } from "next/headers";
import { TokenHelper } from "@/components/reference/token-helper";
import { Forbidden } from "@/components/ui/forbidden";
import { PageHeader } from "@/components/ui/page-header";
import { isPermission } from "@/lib/contract/auth/permissions";
import { scopesForRole } from "@/lib/contract/auth/roles";
import { checkRole } from "@/lib/server/entry/portal/session";
import { getConfig } from "@/lib/server/core/config";
import { baseUrlOf } from "@/lib/server/entry/http/base-url";
import { issueTestToken } from "./actions";

export const metadata: Metadata = { title: "API access" };

/** The configured base (PUBLIC_BASE_URL or NEXTAUTH_URL) when set, else the address this page was reached at. */
async function baseUrl(): Promise<string> {
  return baseUrlOf(await headers(), new URL("http://localhost"), getConfig());
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
