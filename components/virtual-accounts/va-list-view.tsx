"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { DownloadIcon } from "@/components/ui/icons";
import { FilterSelect } from "@/components/ui/form";
import { PageHeader } from "@/components/ui/page-header";
import { ListFrame } from "@/components/ui/list-frame";
import { EmptyState } from "@/components/ui/state-message";
import { VaBalanceChart, VaTotals } from "@/components/virtual-accounts/va-balances";
import { VA_COLUMNS, VaRow, VaTableHead, VaTableSkeleton } from "@/components/virtual-accounts/va-table";
import { virtualAccountKeys } from "@/lib/portal/shared/query-keys";
import { fetchVirtualAccountsPage } from "@/lib/portal/virtual-accounts/va-api";
import { filterByAllocation, parseVaView, vaViewQuery, type AllocationFilter, type VaView } from "@/lib/portal/virtual-accounts/va-filters";
import { useUrlView } from "@/lib/portal/shared/use-url-view";
import { PAGE_SIZES } from "@/lib/portal/accounts/account-filters";

/** The upload dialog (papaparse, the batch schema) loads when it is opened, not with the page. */
const UploadDialog = dynamic(() => import("@/components/virtual-accounts/upload-dialog").then((m) => m.UploadDialog), { ssr: false });

const SKELETON_ROWS = 7;

async function downloadTemplate(): Promise<void> {
  const { saveTemplate } = await import("@/lib/portal/virtual-accounts/va-upload-files");
  saveTemplate();
}

export function VaListView({ canOperate }: { canOperate: boolean }) {
  const [view, setView] = useUrlView("/virtual-accounts", parseVaView, vaViewQuery);
  const [uploading, setUploading] = useState(false);
  const params = { pageStart: view.page, pageSize: view.size, currency: view.currency };
  const page = useQuery({
    queryKey: virtualAccountKeys.page(params),
    queryFn: ({ signal }) => fetchVirtualAccountsPage(params, signal),
    placeholderData: keepPreviousData,
  });

  // Currencies seen so far (the API lists no provisioned currencies): the filter's options and the totals shown.
  const [seen, setSeen] = useState<string[]>(view.currency ? [view.currency] : []);
  // Adjusted while rendering (React's pattern for state derived from earlier renders), not in an effect: no extra commit.
  const fresh = (page.data?.data ?? []).map((a) => a.currency).filter((c) => !seen.includes(c));
  if (fresh.length > 0) setSeen([...new Set([...seen, ...fresh])].sort());

  const update = (patch: Partial<VaView>) =>
    setView((v) => ({ ...v, ...patch, page: patch.page ?? (patch.size !== undefined || patch.currency !== undefined ? 1 : v.page) }));
  const accounts = useMemo(() => page.data?.data ?? [], [page.data]);
  const rows = useMemo(() => filterByAllocation(accounts, view.allocation), [accounts, view.allocation]);
  const total = page.data?.meta.pagination.total_size ?? null;
  const currencies = useMemo(() => [...new Set([...seen, ...accounts.map((a) => a.currency)])].sort(), [seen, accounts]);

  return (
    <>
      <PageHeader
        title="Virtual accounts"
        description="Collection accounts under your settlement account, with your settlement and parent accounts. Newest first."
        actions={
          canOperate ? (
            <>
              <Button onClick={() => void downloadTemplate()}>
                <DownloadIcon />
                CSV template
              </Button>
              <Button variant="primary" onClick={() => setUploading(true)}>
                Upload CSV batch
              </Button>
            </>
          ) : null
        }
      />
      <VaTotals currencies={currencies} loaded={page.isSuccess} />
      <ListFrame
        filters={
          <div role="search" className="flex flex-wrap items-end gap-3">
            <FilterSelect
              id="va-currency"
              label="Currency"
              value={view.currency}
              onChange={(currency) => update({ currency })}
              all="All currencies"
              options={currencies}
            />
            <FilterSelect
              id="va-allocation"
              label="Allocation"
              value={view.allocation}
              onChange={(allocation) => update({ allocation: allocation as AllocationFilter })}
              options={[
                { value: "all", label: "All accounts" },
                { value: "allocated", label: "Allocated" },
                { value: "unallocated", label: "Unallocated" },
              ]}
            />
          </div>
        }
        note={
          view.allocation !== "all" && page.data
            ? `The allocation filter applies to the ${accounts.length} accounts on this page: ${rows.length} match.${view.currency ? ` The currency filter applies to all of them.` : ""}`
            : view.currency
              ? `Only ${view.currency} accounts, across every page.`
              : undefined
        }
        caption={`Virtual accounts, page ${view.page}`}
        minWidth="sm:min-w-[52rem]"
        head={<VaTableHead />}
        query={page}
        body={{
          columns: VA_COLUMNS,
          skeleton: <VaTableSkeleton rows={Math.min(view.size, SKELETON_ROWS)} />,
          errorTitle: "Virtual accounts could not be loaded",
          empty:
            total === 0 ? (
              <EmptyState title={view.currency ? `No ${view.currency} accounts` : "No virtual accounts yet"}>
                {canOperate ? "Upload a CSV batch to create virtual accounts." : "A treasurer can create them with a CSV batch."}
              </EmptyState>
            ) : accounts.length === 0 ? (
              <EmptyState title="This page is past the end">There are {total} accounts; go back a page.</EmptyState>
            ) : (
              <EmptyState title="No accounts on this page match">Choose another allocation state, or look on another page.</EmptyState>
            ),
          rows: rows.map((account) => <VaRow key={account.virtualAccountNumber} account={account} />),
        }}
        pager={{
          page: view.page,
          size: view.size,
          total,
          noun: "virtual accounts",
          onPage: (p) => update({ page: p }),
          sizes: PAGE_SIZES,
          onSize: (s) => update({ size: s }),
        }}
      />
      <VaBalanceChart accounts={accounts} pending={page.isPending} />
      {uploading ? <UploadDialog onClose={() => setUploading(false)} /> : null}
    </>
  );
}
