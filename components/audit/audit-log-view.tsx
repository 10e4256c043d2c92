"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { AuditFilters } from "@/components/audit/audit-filters";
import { usePortalUser } from "@/components/portal-user";
import { Card } from "@/components/ui/card";
import { CsvExportButton } from "@/components/ui/csv-export-button";
import { Pager } from "@/components/ui/pager";
import { Skeleton } from "@/components/ui/skeleton";
import { ListTableBody } from "@/components/ui/list-table-body";
import { EmptyState } from "@/components/ui/state-message";
import type { TAuditEntry } from "@/lib/contract/audit/schema";
import { PAGE_SIZES } from "@/lib/portal/accounts/account-filters";
import { actorLabel, auditViewQuery, fetchAllAudit, fetchAuditPage, hasAuditFilters, parseAuditView } from "@/lib/portal/audit/audit-log";
import { formatBankDateTime } from "@/lib/portal/shared/date-format";
import { auditKeys } from "@/lib/portal/shared/query-keys";
import { useUrlView } from "@/lib/portal/shared/use-url-view";

const TH = "px-4 py-2.5 text-left text-xs font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400";
const TD = "px-4 py-2 align-top";
const COLUMNS = 5;

function Changes({ entry }: { entry: TAuditEntry }) {
  const parts = [
    ["Details", entry.data],
    ["Before", entry.before],
    ["After", entry.after],
  ] as const;
  const shown = parts.filter(([, value]) => value !== null && Object.keys(value).length > 0);
  if (shown.length === 0) return <span className="text-slate-500 dark:text-slate-400">—</span>;
  return (
    <details>
      <summary className="cursor-pointer text-sm text-brand-700 hover:underline dark:text-brand-300">Show</summary>
      <dl className="mt-1 space-y-1 text-xs">
        {shown.map(([label, value]) => (
          <div key={label}>
            <dt className="font-medium text-slate-700 dark:text-slate-300">{label}</dt>
            <dd>
              <pre className="max-w-md overflow-x-auto rounded bg-slate-50 p-1.5 font-mono whitespace-pre-wrap text-slate-800 dark:bg-slate-900 dark:text-slate-200">
                {JSON.stringify(value, null, 1)}
              </pre>
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

function AuditRow({ entry }: { entry: TAuditEntry }) {
  return (
    <tr>
      <td className={`${TD} whitespace-nowrap tabular-nums`}>{formatBankDateTime(entry.occurredAt)}</td>
      <td className={TD}>
        <span className="block">{actorLabel(entry)}</span>
        {entry.ip ? <span className="block font-mono text-xs text-slate-600 dark:text-slate-400">from {entry.ip}</span> : null}
      </td>
      <td className={TD}>
        <span className="font-mono text-xs">{entry.action}</span>
      </td>
      <td className={TD}>
        <span className="block text-xs text-slate-600 dark:text-slate-400">{entry.entity}</span>
        <span className="block font-mono text-xs break-all">{entry.entityId}</span>
        {entry.correlationId ? <span className="block font-mono text-xs text-slate-600 dark:text-slate-400">request {entry.correlationId}</span> : null}
      </td>
      <td className={TD}>
        <Changes entry={entry} />
      </td>
    </tr>
  );
}

function SkeletonRows({ rows }: { rows: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, i) => (
        <tr key={i}>
          {Array.from({ length: COLUMNS }, (_, j) => (
            <td key={j} className={TD}>
              <Skeleton className="h-4 w-24" />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

/**
 * The organisation's audit trail, searched and paged by the API
 * (GET /v1/audit-log). The view lives in the URL, so Back and a shared link
 * show the same search.
 */
export function AuditLogView() {
  const { clientId } = usePortalUser();
  const [view, setView] = useUrlView("/audit-log", parseAuditView, auditViewQuery);
  const { filters, page: pageStart, size: pageSize } = view;
  // The first page's token goes with the later pages of the same search, so they are one result set.
  const [token, setToken] = useState<{ search: string; value: string } | null>(null);
  const search = JSON.stringify([filters, pageSize]);
  const pageToken = pageStart > 1 && token?.search === search ? token.value : undefined;
  const page = useQuery({
    queryKey: auditKeys.search({ filters, pageStart, pageSize }),
    queryFn: async ({ signal }) => {
      const result = await fetchAuditPage(filters, { pageStart, pageSize, pageToken }, signal);
      if (pageStart === 1) setToken({ search, value: result.meta.pagination.page_token });
      return result;
    },
    placeholderData: keepPreviousData,
  });
  const total = page.data?.meta.pagination.total_size ?? null;
  const rows = page.data?.data ?? [];
  const filtered = hasAuditFilters(filters);

  return (
    <Card>
      <div className="border-b border-slate-200 px-4 py-4 sm:px-5 dark:border-slate-800">
        <AuditFilters filters={filters} onSearch={(next) => setView((v) => ({ ...v, filters: next, page: 1 }))} />
      </div>
      <div className="flex flex-wrap items-start justify-between gap-3 px-4 pt-3 sm:px-5">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {filtered ? "Showing entries that match every filter, newest first." : "Showing every entry, newest first."} Times are bank time (Bermuda).
        </p>
        <CsvExportButton
          label="Download CSV of this search"
          noun="entries"
          produce={async (onProgress, signal) => {
            const [entries, { auditToCsv, auditFileName }] = await Promise.all([
              fetchAllAudit(filters, onProgress, signal),
              import("@/lib/portal/audit/audit-csv"),
            ]);
            return { csv: auditToCsv(entries), fileName: auditFileName(clientId), count: entries.length };
          }}
        />
      </div>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[52rem] text-sm" aria-busy={page.isFetching}>
          <caption className="sr-only">Audit log, newest first, page {pageStart}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/60">
            <tr>
              <th scope="col" className={TH}>
                When
              </th>
              <th scope="col" className={TH}>
                Who
              </th>
              <th scope="col" className={TH}>
                Action
              </th>
              <th scope="col" className={TH}>
                Target
              </th>
              <th scope="col" className={TH}>
                Change
              </th>
            </tr>
          </thead>
          <ListTableBody
            query={page}
            columns={COLUMNS}
            skeleton={<SkeletonRows rows={Math.min(pageSize, 6)} />}
            errorTitle="The audit log could not be loaded"
            empty={
              <EmptyState title={total !== 0 ? "This page is past the end" : filtered ? "No entries match this search" : "Nothing recorded yet"}>
                {total !== 0 ? "Go back a page." : filtered ? "Change or clear the filters." : "Changes made by your people and integrations appear here."}
              </EmptyState>
            }
            rows={rows.map((entry) => (
              <AuditRow key={entry.auditId} entry={entry} />
            ))}
          />
        </table>
      </div>
      <Pager
        page={pageStart}
        size={pageSize}
        total={total}
        busy={page.isFetching}
        noun="entries"
        onPage={(p) => setView((v) => ({ ...v, page: p }))}
        sizes={PAGE_SIZES}
        onSize={(s) => setView((v) => ({ ...v, size: s, page: 1 }))}
      />
    </Card>
  );
}
