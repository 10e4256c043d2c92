import type { Metadata } from "next";
import { AuditLogView } from "@/components/audit/audit-log-view";
import { Forbidden } from "@/components/ui/forbidden";
import { PageHeader } from "@/components/ui/page-header";
import { checkRole } from "@/lib/server/entry/portal/session";
import { auditViewQuery, parseAuditView } from "@/lib/portal/audit/audit-log";

export const metadata: Metadata = { title: "Audit log" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AuditLogPage({ searchParams }: Props) {
  const { user, allowed } = await checkRole("admin", `/audit-log${auditViewQuery(parseAuditView(await searchParams))}`);
  if (!allowed) return <Forbidden required="admin" actual={user.role} />;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Audit log"
        description="Every change made in your organisation: who made it, from where, and what it changed. Entries cannot be edited or removed."
      />
      <AuditLogView />
    </div>
  );
}
