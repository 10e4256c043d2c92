import type { Metadata } from "next";
import { VaListView } from "@/components/virtual-accounts/va-list-view";
import { hasRole } from "@/lib/contract/auth/roles";
import { requirePortalUser } from "@/lib/server/entry/portal/session";
import { parseVaView, vaViewQuery } from "@/lib/portal/virtual-accounts/va-filters";

export const metadata: Metadata = { title: "Virtual accounts" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function VirtualAccountsPage({ searchParams }: Props) {
  const view = parseVaView(await searchParams);
  const user = await requirePortalUser(`/virtual-accounts${vaViewQuery(view)}`);
  return <VaListView canOperate={hasRole(user.role, "treasurer")} />;
}
