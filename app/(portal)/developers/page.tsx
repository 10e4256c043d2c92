import type { Metadata } from "next";
import { ApiReference } from "@/components/reference/api-reference";
import { hasRole } from "@/lib/contract/auth/roles";
import { requirePortalUser } from "@/lib/server/entry/portal/session";

export const metadata: Metadata = { title: "API reference" };

export default async function DevelopersPage() {
  const user = await requirePortalUser("/developers");
  return <ApiReference isAdmin={hasRole(user.role, "admin")} />;
}
