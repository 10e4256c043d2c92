import type { Metadata } from "next";
import { AccountsView } from "@/components/accounts/accounts-view";
import { requirePortalUser } from "@/lib/server/entry/portal/session";
import { accountsViewQuery, parseAccountsView } from "@/lib/portal/accounts/account-filters";

export const metadata: Metadata = { title: "Accounts" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function AccountsPage({ searchParams }: Props) {
  const view = parseAccountsView(await searchParams);
  await requirePortalUser(`/accounts${accountsViewQuery(view)}`);
  return <AccountsView />;
}
