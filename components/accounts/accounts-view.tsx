"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { AccountsFilters } from "@/components/accounts/accounts-filters";
import { AccountRow, AccountsTableHead, AccountsTableSkeleton } from "@/components/accounts/accounts-table";
import { ExportButton } from "@/components/accounts/export-button";
import { RawCsvButton } from "@/components/accounts/raw-csv-button";
import { PageHeader } from "@/components/ui/page-header";
import { ListFrame } from "@/components/ui/list-frame";
import { EmptyState } from "@/components/ui/state-message";
import { fetchAccountsPage } from "@/lib/portal/accounts/accounts-api";
import { accountsViewQuery, filterAccounts, hasFilters, PAGE_SIZES, parseAccountsView, type AccountsView as View } from "@/lib/portal/accounts/account-filters";
import { useUrlView } from "@/lib/portal/shared/use-url-view";
import { accountKeys } from "@/lib/portal/shared/query-keys";

/** Skeleton rows while the first page loads: enough to hold the table's place without overshooting small pages. */
const SKELETON_ROWS = 7;

export function AccountsView() {
  const [view, setView] = useUrlView("/accounts", parseAccountsView, accountsViewQuery);
  const page = useQuery({
    queryKey: accountKeys.page({ pageStart: view.page, pageSize: view.size }),
    queryFn: ({ signal }) => fetchAccountsPage({ pageStart: view.page, pageSize: view.size }, signal),
    // The old page stays on screen while the next one loads: no collapse, no jump.
    placeholderData: keepPreviousData,
  });

  const update = (patch: Partial<View>) =>
    setView((v) => ({ ...v, ...patch, page: patch.page ?? (patch.size ? 1 : v.page) }), "q" in patch ? "replace" : "push");
  const rows = useMemo(() => filterAccounts(page.data?.data ?? [], view), [page.data, view]);
  const currencies = useMemo(() => [...new Set((page.data?.data ?? []).map((a) => a.availableBalance.currency))], [page.data]);
  const total = page.data?.meta.pagination.total_size ?? null;
  const loadedCount = page.data?.data.length ?? 0;

  return (
    <>
      <PageHeader
        title="Accounts"
        description="Every account of your organisation, newest first."
        actions={
          <div id="export">
            <ExportButton />
          </div>
        }
      />
      <ListFrame
        filters={<AccountsFilters view={view} currencies={currencies} onChange={update} />}
        note={hasFilters(view) && page.data ? `Filters apply to the ${loadedCount} accounts on this page: ${rows.length} match.` : undefined}
        actions={<RawCsvButton pageStart={view.page} pageSize={view.size} />}
        caption={`Accounts, page ${view.page}`}
        minWidth="sm:min-w-[44rem]"
        head={<AccountsTableHead />}
        query={page}
        body={{
          columns: 5,
          skeleton: <AccountsTableSkeleton rows={Math.min(view.size, SKELETON_ROWS)} />,
          errorTitle: "Accounts could not be loaded",
          empty:
            total === 0 ? (
              <EmptyState title="No accounts yet">When the bank opens an account for your organisation it appears here.</EmptyState>
            ) : loadedCount === 0 ? (
              <EmptyState title="This page is past the end">There are {total} accounts; go back a page.</EmptyState>
            ) : (
              <EmptyState title="No accounts on this page match">Clear the filters, or look on another page.</EmptyState>
            ),
          rows: rows.map((account) => <AccountRow key={account.accountId} account={account} />),
        }}
        pager={{
          page: view.page,
          size: view.size,
          total,
          noun: "accounts",
          onPage: (p) => update({ page: p }),
          sizes: PAGE_SIZES,
          onSize: (s) => update({ size: s }),
        }}
      />
    </>
  );
}
