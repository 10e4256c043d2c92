"use client";

import { AuditFilters } from "@/components/audit/audit-filters";
import { usePortalUser } from "@/components/portal-user";
import { CsvExportButton } from "@/components/ui/csv-export-button";
import { ListFrame, ListHead, SearchEmptyState, WIDE_ONLY, wideOnly } from "@/components/ui/list-frame";
import { Skeleton } from "@/components/ui/skeleton";
import type { TAuditEntry } from "@/lib/contract/audit/schema";
import { actorLabel, auditViewQuery, fetchAllAudit, fetchAuditPage, hasAuditFilters, parseAuditView } from "@/lib/portal/audit/audit-log";
import { formatBankDateTime } from "@/lib/contract/time/date-format";
import { auditKeys } from "@/lib/portal/shared/query-keys";
import { usePagedSearch } from "@/lib/portal/shared/use-paged-search";

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
      <td className={`${TD} tabular-nums sm:whitespace-nowrap`}>
        {formatBankDateTime(entry.occurredAt)}
        {/* A phone leaves out the who, action and target columns: the entry's first cell says them. */}
        <span className="mt-1 block text-slate-700 sm:hidden dark:text-slate-300">{actorLabel(entry)}</span>
        <span className="block font-mono text-xs break-all sm:hidden">{entry.action}</span>
        <span className="block font-mono text-xs break-all text-slate-600 sm:hidden dark:text-slate-400">
          {entry.entity} {entry.entityId}
        </span>
      </td>
      <td className={`${TD} ${WIDE_ONLY}`}>
        <span className="block">{actorLabel(entry)}</span>
        {entry.ip ? <span className="block font-mono text-xs text-slate-600 dark:text-slate-400">from {entry.ip}</span> : null}
      </td>
      <td className={`${TD} ${WIDE_ONLY}`}>
        <span className="font-mono text-xs">{entry.action}</span>
      </td>
      <td className={`${TD} ${WIDE_ONLY}`}>
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
            <td key={j} className={j === 0 || j === COLUMNS - 1 ? TD : `${TD} ${WIDE_ONLY}`}>
              <Skeleton className="h-4 w-24" />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

function AuditTableHead() {
  return <ListHead columns={["When", wideOnly("Who"), wideOnly("Action"), wideOnly("Target"), "Change"]} />;
}

/**
 * The organisation's audit trail, searched and paged by the API
 * (GET /v1/audit-log). The view lives in the URL, so Back and a shared link
 * show the same search.
 */
export function AuditLogView() {
  const { clientId } = usePortalUser();
  const { view, page, rows, total, searchFor, pager } = usePagedSearch({
    path: "/audit-log",
    parse: parseAuditView,
    toQuery: auditViewQuery,
    queryKey: auditKeys.search,
    fetchPage: fetchAuditPage,
  });
  const { filters, page: pageStart, size: pageSize } = view;
  const filtered = hasAuditFilters(filters);

  return (
    <ListFrame
      filters={<AuditFilters filters={filters} onSearch={searchFor} />}
      note={`${filtered ? "Showing entries that match every filter, newest first." : "Showing every entry, newest first."} Times are bank time (Bermuda).`}
      actions={
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
      }
      caption={`Audit log, newest first, page ${pageStart}`}
      minWidth="sm:min-w-[52rem]"
      head={<AuditTableHead />}
      query={page}
      body={{
        columns: COLUMNS,
        skeleton: <SkeletonRows rows={Math.min(pageSize, 6)} />,
        errorTitle: "The audit log could not be loaded",
        empty: (
          <SearchEmptyState
            total={total}
            filtered={filtered}
            noMatch="No entries match this search"
            nothingYet="Nothing recorded yet"
            nothingYetText="Changes made by your people and integrations appear here."
          />
        ),
        rows: rows.map((entry) => <AuditRow key={entry.auditId} entry={entry} />),
      }}
      pager={{ ...pager, noun: "entries" }}
    />
  );
}
