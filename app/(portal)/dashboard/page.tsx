import type { Metadata } from "next";
import { Dashboard } from "@/components/dashboard/dashboard";
import { hasRole } from "@/lib/contract/auth/roles";
import { requirePortalUser } from "@/lib/server/entry/portal/session";

export const metadata: Metadata = { title: "Dashboard" };

export default async function DashboardPage() {
  const user = await requirePortalUser("/dashboard");
  return <Dashboard isAdmin={hasRole(user.role, "admin")} />;
}
