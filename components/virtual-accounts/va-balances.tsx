"use client";

import { useQueries, useQuery } from "@tanstack/react-query";
import type { TVirtualAccount } from "@/lib/contract/virtual-accounts/responses";
import { Card, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/state-message";
import { formatAmount } from "@/lib/contract/money-format";
import { barsByCurrency } from "@/lib/portal/virtual-accounts/va-balances";
import { virtualAccountKeys } from "@/lib/portal/shared/query-keys";
import { fetchBalances, fetchTotal, isUnallocated, isVirtual } from "@/lib/portal/virtual-accounts/va-api";

/** The total of every virtual account held in each currency (GET /v1/virtual-accounts/balances/total): never added across currencies. */
export function VaTotals({ currencies: seen, loaded }: { currencies: readonly string[]; loaded: boolean }) {
  // Until a page shows which currencies the client holds, the settlement currency's total (the API's default) stands in.
  const currencies: Array<string | null> = seen.length > 0 ? [...seen] : loaded ? [null] : [];
  const totals = useQueries({
    queries: currencies.map((currency) => ({
      queryKey: virtualAccountKeys.total(currency ?? "default"),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchTotal(currency, signal),
    })),
  });
  return (
    <section aria-labelledby="va-totals-title" className="mb-6">
      <h2 id="va-totals-title" className="sr-only">
        Totals per currency
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {currencies.length === 0 ? (
          <li>
            <Skeleton className="h-[88px] w-full rounded-xl" />
          </li>
        ) : (
          totals.map((q, i) => (
            <li
              key={currencies[i] ?? "default"}
              className="h-[88px] rounded-xl border border-slate-200 bg-white px-5 py-4 shadow-xs dark:border-slate-800 dark:bg-slate-900"
            >
              <p className="text-sm text-slate-600 dark:text-slate-400">
                All virtual accounts in {currencies[i] ?? q.data?.currency ?? "the settlement currency"}
              </p>
              {q.isPending ? (
                <Skeleton className="mt-2 h-7 w-40" />
              ) : q.isError ? (
                <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
                  {q.error instanceof Error ? q.error.message : "Not available"}
                </p>
              ) : (
                <p className="tabular mt-1 text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">
                  <span className="mr-1.5 text-base font-medium text-slate-500 dark:text-slate-400">{q.data.currency}</span>
                  {formatAmount(q.data.amount, q.data.currency)}
                </p>
              )}
            </li>
          ))
        )}
      </ul>
    </section>
  );
}

const CHART_HEIGHT = "min-h-[180px]";

/** Balances of the virtual accounts on the loaded page (POST /v1/virtual-accounts/balances), a CSS bar each. */
export function VaBalanceChart({ accounts, pending }: { accounts: readonly TVirtualAccount[]; pending: boolean }) {
  const virtual = accounts.filter(isVirtual);
  const numbers = virtual.map((a) => a.virtualAccountNumber);
  const balances = useQuery({
    queryKey: virtualAccountKeys.balances(numbers),
    queryFn: ({ signal }) => fetchBalances(numbers, signal),
    enabled: numbers.length > 0,
  });
  const labels = new Map(virtual.map((a) => [a.virtualAccountNumber, isUnallocated(a) ? `Unallocated ${a.virtualAccountNumber.slice(-4)}` : a.accountName]));

  return (
    <Card aria-labelledby="va-chart-title" className="mt-6">
      <CardHeader
        id="va-chart-title"
        title="Balances on this page"
        description="Each virtual account on the loaded page, largest first; bars are scaled within a currency."
      />
      <div className={`${CHART_HEIGHT} px-5 py-4`}>
        {pending || (numbers.length > 0 && balances.isPending) ? (
          <div aria-busy="true" className="space-y-3">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-6 w-full" />
            ))}
          </div>
        ) : numbers.length === 0 ? (
          <p className="py-10 text-center text-sm text-slate-600 dark:text-slate-400">No virtual accounts on this page.</p>
        ) : balances.isError ? (
          <ErrorState title="Balances could not be loaded" error={balances.error} onRetry={() => void balances.refetch()} className="py-6" />
        ) : (
          <div className="space-y-5">
            {barsByCurrency(balances.data ?? [], labels).map(({ currency, bars }) => (
              <figure key={currency}>
                <figcaption className="mb-2 text-xs font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400">{currency}</figcaption>
                <ul className="space-y-1.5">
                  {bars.map((bar) => (
                    <li key={bar.number} className="grid grid-cols-[minmax(8rem,14rem)_1fr_auto] items-center gap-3 text-sm">
                      <span className="truncate text-slate-700 dark:text-slate-300" title={`${bar.label} · ${bar.number}`}>
                        {bar.label}
                      </span>
                      <span aria-hidden="true" className="h-3 rounded-sm bg-slate-100 dark:bg-slate-800">
                        <span className="block h-full rounded-sm bg-brand-500" style={{ width: `${Math.max(bar.share * 100, bar.share > 0 ? 0.5 : 0)}%` }} />
                      </span>
                      <span className="tabular w-28 text-right text-slate-900 dark:text-slate-100">{formatAmount(bar.amount, currency)}</span>
                    </li>
                  ))}
                </ul>
              </figure>
            ))}
          </div>
        )}
      </div>
    </Card>
  );
}
