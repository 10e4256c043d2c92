import type { Metadata } from "next";
import { UsersTable } from "@/components/users/users-table";
import { Forbidden } from "@/components/ui/forbidden";
import { PageHeader } from "@/components/ui/page-header";
import { checkRole } from "@/lib/server/entry/portal/session";

export const metadata: Metadata = { title: "Users" };

export default async function UsersPage() {
  const { user, allowed } = await checkRole("admin", "/users");
  if (!allowed) return <Forbidden required="admin" actual={user.role} />;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Users"
        description="Your organisation's people, their roles and whether they are signed in. Ending someone's sessions signs them out on every device at once."
      />
      <UsersTable />
    </div>
  );
}
