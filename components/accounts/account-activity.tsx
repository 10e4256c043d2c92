"use client";

import { listAccountTransactionsOperation } from "@/lib/contract/ledger/operations";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useDeferredValue, useState } from "react";
import { ActivityDownloads } from "@/components/accounts/activity-downloads";
import { ActivityFiltersForm } from "@/components/accounts/activity-filters";
import { Card, CardHeader } from "@/components/ui/card";
import { Pager } from "@/components/ui/pager";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/state-message";
import type { TTransaction } from "@/lib/contract/ledger/schema";
import { bankLocalParts } from "@/lib/contract/time/bank-time";
import { balanceAtEndOfParams, dayBefore, defaultFilters, transactionsParams, type ActivityFilters } from "@/lib/portal/accounts/activity";
import { apiJson, shouldRetry } from "@/lib/portal/shared/api-client";
import { formatBankDate, formatBankDateTime } from "@/lib/contract/time/date-format";
import { TRANSACTION_KIND_LABELS } from "@/lib/portal/shared/labels";
import { formatMoney } from "@/lib/contract/money-format";
import { accountKeys } from "@/lib/portal/shared/query-keys";
import { TableScroll } from "@/components/ui/table-scroll";
import { WIDE_ONLY } from "@/components/ui/list-frame";

const PAGE_SIZE = 25;

/** The balance at the end of a day, from the newest posting up to it (0 before the first). */
function useBalanceAt(accountNumber: string, day: string, currency: string) {
  return useQuery({
    queryKey: accountKeys.balanceAt(accountNumber, day),
    queryFn: ({ signal }) => apiJson(listAccountTransactionsOperation, { params: balanceAtEndOfParams(accountNumber, day), signal }),
    enabled: Boolean(day),
    select: (list) => list.data[0]?.balanceAfter ?? { currency, amount: "0" },
    retry: shouldRetry,
  });
}

function BalanceLine({ label, query }: { label: string; query: ReturnType<typeof useBalanceAt> }) {
  return (
    <p className="flex justify-between gap-4 px-4 py-2 text-sm sm:px-5">
      <span className="text-slate-600 dark:text-slate-400">{label}</span>
      <span className="tabular font-medium" data-testid={label.includes("start") ? "opening-balance" : "closing-balance"}>
        {query.data ? formatMoney(query.data.amount, query.data.currency) : query.isError ? "unavailable" : "…"}
      </span>
    </p>
  );
}

function Row({ t }: { t: TTransaction }) {
  const signed = `${t.type === "Debit" ? "−" : "+"}${formatMoney(t.amount.amount, t.amount.currency)}`;
  const what = t.counterparty?.name ?? t.counterparty?.accountNumber ?? t.references.payerReference ?? t.references.reference;
  return (
    <tr className="border-t border-slate-200 dark:border-slate-800">
      <td className="py-2 pr-2 pl-3 align-top sm:px-5 sm:whitespace-nowrap">
        <time dateTime={t.bookingDateTime}>{formatBankDateTime(t.bookingDateTime)}</time>
      </td>
      <td className={`px-2 py-2 ${WIDE_ONLY}`}>{TRANSACTION_KIND_LABELS[t.kind]}</td>
      <td className="max-w-[7rem] px-2 py-2 align-top sm:max-w-[16rem]" title={[what, ...t.remittanceInformation].join(" · ")}>
        <span className="block truncate">{what}</span>
        <span className="block text-xs text-slate-600 sm:hidden dark:text-slate-400">{TRANSACTION_KIND_LABELS[t.kind]}</span>
      </td>
      <td
        className={`tabular py-2 pr-3 pl-2 text-right align-top whitespace-nowrap sm:px-2 ${t.type === "Credit" ? "text-emerald-700 dark:text-emerald-400" : ""}`}
      >
        {signed}
      </td>
      <td className={`tabular px-4 py-2 text-right whitespace-nowrap sm:px-5 ${WIDE_ONLY}`}>{formatMoney(t.balanceAfter.amount, t.balanceAfter.currency)}</td>
    </tr>
  );
}

/** The account page's activity: filters, opening and closing balance of the range, the postings with a running balance, downloads. */
export function AccountActivity({ accountNumber, currency }: { accountNumber: string; currency: string }) {
  const today = bankLocalParts().date;
  const [filters, setFilters] = useState<ActivityFilters>(() => defaultFilters(today));
  const [pageStart, setPageStart] = useState(1);
  const applied = useDeferredValue(filters);
  const page = useQuery({
    queryKey: accountKeys.activity(accountNumber, { ...applied, pageStart }),
    queryFn: ({ signal }) =>
      apiJson(listAccountTransactionsOperation, { params: transactionsParams(accountNumber, applied, { pageStart, pageSize: PAGE_SIZE }), signal }),
    placeholderData: keepPreviousData,
    retry: shouldRetry,
  });
  const opening = useBalanceAt(accountNumber, applied.fromDate ? dayBefore(applied.fromDate) : "", currency);
  const closing = useBalanceAt(accountNumber, applied.toDate, currency);
  const change = (next: ActivityFilters) => {
    setFilters(next);
    setPageStart(1);
  };
  const rows = page.data?.data ?? [];
  return (
    <Card aria-labelledby="account-activity" className="mt-6">
      <CardHeader
        id="account-activity"
        title="Activity"
        description="Every credit and debit of this account, newest first, with the balance after each."
        actions={<ActivityDownloads accountNumber={accountNumber} filters={applied} />}
      />
      <ActivityFiltersForm value={filters} today={today} onChange={change} />
      <p className="px-4 pt-2 text-xs text-slate-600 sm:px-5 dark:text-slate-400">
        Balances here are available balances: a pending payment is deducted when it is made. Downloaded statements close on the booked balance (settled entries
        only) and carry the available one beside it.
      </p>
      <BalanceLine label={`Available balance at the end of ${applied.toDate ? formatBankDate(applied.toDate) : "the range"}`} query={closing} />
      {page.isPending ? (
        <div role="status" aria-busy="true" aria-label="Loading activity" className="space-y-2 px-4 py-3 sm:px-5">
          <Skeleton className="h-6 w-full" />
          <Skeleton className="h-6 w-full" />
        </div>
      ) : page.isError ? (
        <ErrorState title="The activity could not be loaded" error={page.error} onRetry={() => void page.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title="No activity in this range">Nothing was booked on this account with these filters. Widen the dates or clear a filter.</EmptyState>
      ) : (
        <TableScroll>
          <table className="w-full text-sm">
            <caption className="sr-only">Account activity</caption>
            <thead className="text-left text-xs text-slate-600 uppercase dark:text-slate-400">
              <tr>
                <th scope="col" className="py-2 pr-2 pl-3 sm:px-5">
                  Booked
                </th>
                <th scope="col" className={`px-2 py-2 ${WIDE_ONLY}`}>
                  Kind
                </th>
                <th scope="col" className="px-2 py-2">
                  Counterparty or reference
                </th>
                <th scope="col" className="py-2 pr-3 pl-2 text-right sm:px-2">
                  Amount
                </th>
                <th scope="col" className={`px-4 py-2 text-right sm:px-5 ${WIDE_ONLY}`}>
                  Available after
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((t) => (
                <Row key={t.transactionId} t={t} />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <BalanceLine label={`Available balance at the start of ${applied.fromDate ? formatBankDate(applied.fromDate) : "the range"}`} query={opening} />
      <Pager
        page={pageStart}
        size={PAGE_SIZE}
        total={page.data?.meta.pagination.total_size ?? null}
        busy={page.isFetching}
        noun="transactions"
        onPage={setPageStart}
      />
    </Card>
  );
}
