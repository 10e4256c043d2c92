"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { RUN_STATUS_LABEL, RUN_STATUS_TONE } from "@/components/payment-runs/run-progress";
import { RUN_TEMPLATE_URL } from "@/components/payment-runs/new-run-view";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Cell, DataTable } from "@/components/ui/data-table";
import { cx } from "@/components/ui/cx";
import { WIDE_ONLY, wideOnly } from "@/components/ui/list-frame";
import { DownloadIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { Pager } from "@/components/ui/pager";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/state-message";
import type { TPaymentRunSummary } from "@/lib/contract/payment-runs/schema";
import { fetchPaymentRuns } from "@/lib/portal/payment-runs/runs-api";
import { ApiRequestError, shouldRetry } from "@/lib/portal/shared/api-client";
import { formatBankDateTime } from "@/lib/contract/time/date-format";
import { formatMoney } from "@/lib/contract/money-format";
import { paymentRunKeys } from "@/lib/portal/shared/query-keys";

const PAGE_SIZE = 25;
/** A phone shows the run (its day under it), its status and its total (its count under it). */
const COLUMNS = [
  "Run",
  "Status",
  { label: "Payments", align: "right" as const, className: WIDE_ONLY },
  { label: "Total", align: "right" as const },
  wideOnly("Submitted"),
];

function NotPaid({ run }: { run: TPaymentRunSummary }) {
  const notPaid = run.failedItems + run.rejectedItems;
  return notPaid > 0 ? <span className="block text-xs text-red-700 dark:text-red-400">{notPaid.toLocaleString("en-US")} not paid</span> : null;
}

/** The client's payment runs, newest first, with their status, counts and total per currency. */
export function RunListView({ canOperate }: { canOperate: boolean }) {
  const [page, setPage] = useState(1);
  const params = { pageStart: page, pageSize: PAGE_SIZE };
  const runs = useQuery({
    queryKey: paymentRunKeys.page(params),
    queryFn: ({ signal }) => fetchPaymentRuns(params, signal),
    placeholderData: keepPreviousData,
    retry: shouldRetry,
  });
  const unavailable = runs.error instanceof ApiRequestError && runs.error.status === 404;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Payment runs"
        description="Files of many payments (payroll, suppliers), each run followed to the end with a result per payment."
        actions={
          canOperate ? (
            <>
              <a href={RUN_TEMPLATE_URL} download className={buttonClass()}>
                <DownloadIcon />
                CSV template
              </a>
              <Link href="/payment-runs/new" className={buttonClass("primary")}>
                New payment run
              </Link>
            </>
          ) : null
        }
      />
      <Card>
        {runs.isPending ? (
          <div role="status" className="space-y-3 p-5" aria-busy="true" aria-label="Loading payment runs">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-5 w-1/2" />
          </div>
        ) : runs.isError ? (
          unavailable ? (
            <EmptyState title="Payment runs are not available yet">This server does not offer payment runs yet.</EmptyState>
          ) : (
            <ErrorState title="Payment runs could not be loaded" error={runs.error} onRetry={() => void runs.refetch()} />
          )
        ) : runs.data.data.length === 0 ? (
          <EmptyState
            title={page > 1 ? "This page is past the end" : "No payment runs yet"}
            action={
              canOperate && page === 1 ? (
                <Link href="/payment-runs/new" className={buttonClass("primary")}>
                  New payment run
                </Link>
              ) : null
            }
          >
            {page > 1 ? "Go back a page." : canOperate ? "Upload a CSV file of payments to start one." : "A treasurer can start one from a file."}
          </EmptyState>
        ) : (
          <>
            <DataTable caption={`Payment runs, newest first, page ${page}`} columns={COLUMNS}>
              {runs.data.data.map((run) => (
                <tr key={run.batchId}>
                  <Cell>
                    <Link href={`/payment-runs/${encodeURIComponent(run.batchId)}`} className="font-medium text-brand-700 hover:underline dark:text-brand-300">
                      {run.reference ?? `Run ${run.batchId.slice(0, 8)}`}
                    </Link>
                    <span className="block text-xs text-slate-600 dark:text-slate-400">{run.format.toUpperCase()}</span>
                    <span className="block text-xs text-slate-600 sm:hidden dark:text-slate-400">{formatBankDateTime(run.createdAt)}</span>
                  </Cell>
                  <Cell>
                    <Badge tone={RUN_STATUS_TONE[run.status] ?? "neutral"}>{RUN_STATUS_LABEL[run.status] ?? run.status}</Badge>
                  </Cell>
                  <Cell numeric className={WIDE_ONLY}>
                    {run.totalItems.toLocaleString("en-US")}
                    <NotPaid run={run} />
                  </Cell>
                  <Cell numeric>
                    {run.totals.map((t) => (
                      <span key={t.currency} className="block whitespace-nowrap">
                        {formatMoney(t.amount, t.currency)}
                      </span>
                    ))}
                    <span className="block text-xs text-slate-600 sm:hidden dark:text-slate-400">
                      {run.totalItems.toLocaleString("en-US")} payment{run.totalItems === 1 ? "" : "s"}
                    </span>
                    <span className="sm:hidden">
                      <NotPaid run={run} />
                    </span>
                  </Cell>
                  <Cell className={cx("text-xs whitespace-nowrap", WIDE_ONLY)}>
                    {formatBankDateTime(run.createdAt)}
                    {run.submittedBy ? <span className="block text-slate-600 dark:text-slate-400">{run.submittedBy.email}</span> : null}
                  </Cell>
                </tr>
              ))}
            </DataTable>
            <Pager page={page} size={PAGE_SIZE} total={runs.data.meta.pagination.total_size} busy={runs.isFetching} noun="runs" onPage={setPage} />
          </>
        )}
      </Card>
    </div>
  );
}
