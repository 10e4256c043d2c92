"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { PaymentStatusBadge } from "@/components/payments/payment-status-badge";
import { Pager } from "@/components/ui/pager";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/state-message";
import type { TPaymentStatusRecord } from "@/lib/contract/payments/schema";
import { fetchAccountPayments } from "@/lib/portal/payments/payments-api";
import { formatBankDate } from "@/lib/portal/shared/date-format";
import { formatMoney } from "@/lib/portal/shared/money-format";
import { paymentKeys } from "@/lib/portal/shared/query-keys";

const TH = "px-4 py-2.5 text-left text-xs font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400";
const TD = "px-4 align-middle";
/** Fixed row height: skeleton, data and empty rows take the same room. */
const ROW = "h-[49px]";
const COLUMNS = 6;

function SkeletonRows({ rows }: { rows: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, i) => (
        <tr key={i} className={ROW}>
          {["w-20", "w-28", "w-10", "ml-auto w-24", "ml-auto w-24", "w-32"].map((w, j) => (
            <td key={j} className={TD}>
              <Skeleton className={`h-4 ${w}`} />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

function PaymentRow({ p }: { p: TPaymentStatusRecord }) {
  return (
    <tr className={`${ROW} hover:bg-slate-50 dark:hover:bg-slate-800/50`}>
      <td className={TD}>
        <Link
          href={`/payments/${encodeURIComponent(p.transactionId)}`}
          className="font-mono text-xs font-medium text-brand-700 hover:underline dark:text-brand-300"
          aria-label={`Payment ${p.externalReference ?? p.transactionId}`}
        >
          {p.transactionId.slice(0, 8)}…
        </Link>
      </td>
      <td className={`${TD} max-w-56 truncate`}>
        <span className="block truncate text-slate-900 dark:text-slate-100">{p.externalReference ?? "—"}</span>
      </td>
      <td className={`${TD} font-mono text-xs text-slate-700 dark:text-slate-300`}>{p.type}</td>
      <td className={`${TD} tabular text-right whitespace-nowrap`}>{formatMoney(p.debitAmount.amount, p.debitAmount.currency)}</td>
      <td className={`${TD} tabular text-right whitespace-nowrap`}>{formatMoney(p.creditAmount.amount, p.creditAmount.currency)}</td>
      <td className={`${TD} whitespace-nowrap`}>
        <PaymentStatusBadge status={p.status} /> <span className="tabular ml-1 text-xs text-slate-600 dark:text-slate-400">{formatBankDate(p.valueDate)}</span>
      </td>
    </tr>
  );
}

/**
 * One account's payments, newest first (GET /v1/accounts/{n}/payments), a
 * page at a time. The first page's token goes with the later pages, so the
 * pages are one result set.
 */
export function AccountPayments({ accountNumber, pageSize = 10 }: { accountNumber: string; pageSize?: number }) {
  const [pageStart, setPageStart] = useState(1);
  const [token, setToken] = useState<{ account: string; value: string } | null>(null);
  const pageToken = pageStart > 1 && token?.account === accountNumber ? token.value : undefined;
  const query = useQuery({
    queryKey: paymentKeys.accountPage(accountNumber, { pageStart, pageSize }),
    queryFn: async ({ signal }) => {
      const page = await fetchAccountPayments(accountNumber, { pageStart, pageSize, pageToken }, signal);
      if (pageStart === 1) setToken({ account: accountNumber, value: page.meta.pagination.page_token });
      return page;
    },
    placeholderData: keepPreviousData,
  });
  const total = query.data?.meta.pagination.total_size ?? null;
  const rows = query.data?.data ?? [];

  return (
    <>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[44rem] text-sm" aria-busy={query.isFetching}>
          <caption className="sr-only">Payments from account {accountNumber}, newest first, page {pageStart}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/60">
            <tr>
              <th scope="col" className={TH}>Payment</th>
              <th scope="col" className={TH}>Reference</th>
              <th scope="col" className={TH}>Rail</th>
              <th scope="col" className={`${TH} text-right`}>Debit</th>
              <th scope="col" className={`${TH} text-right`}>Credit</th>
              <th scope="col" className={TH}>Status · value date</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {query.isPending ? (
              <SkeletonRows rows={Math.min(pageSize, 5)} />
            ) : query.isError ? (
              <tr>
                <td colSpan={COLUMNS}>
                  <ErrorState title="Payments could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
                </td>
              </tr>
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={COLUMNS}>
                  <EmptyState title={total === 0 ? "No payments yet" : "This page is past the end"}>
                    {total === 0 ? "Payments debited from this account appear here." : "Go back a page."}
                  </EmptyState>
                </td>
              </tr>
            ) : (
              rows.map((p) => <PaymentRow key={p.transactionId} p={p} />)
            )}
          </tbody>
        </table>
      </div>
      <Pager page={pageStart} size={pageSize} total={total} busy={query.isFetching} noun="payments" onPage={setPageStart} />
    </>
  );
}
