"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { AttentionList } from "@/components/dashboard/attention-list";
import { BalanceChart } from "@/components/dashboard/balance-chart";
import { QuickLinks } from "@/components/dashboard/quick-links";
import { RecentActivity } from "@/components/dashboard/recent-activity";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/state-message";
import { usePortalUser } from "@/components/portal-user";
import { fetchAllAccounts } from "@/lib/portal/accounts/accounts-api";
import { isInactive, totalsByCurrency } from "@/lib/portal/accounts/balances";
import { accountKeys } from "@/lib/portal/shared/query-keys";

function ChartsSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading balances" className="grid gap-4 md:grid-cols-2">
      {[0, 1].map((i) => (
        <div key={i} className="h-[228px] rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="mt-3 h-7 w-48" />
          <Skeleton className="mt-5 h-2.5 w-full" />
          <Skeleton className="mt-5 h-4 w-full" />
          <Skeleton className="mt-2 h-4 w-5/6" />
          <Skeleton className="mt-2 h-4 w-4/6" />
        </div>
      ))}
    </div>
  );
}

export function Dashboard({ isAdmin }: { isAdmin: boolean }) {
  const { clientName } = usePortalUser();
  const accounts = useQuery({ queryKey: accountKeys.complete(), queryFn: ({ signal }) => fetchAllAccounts(undefined, signal) });
  const totals = useMemo(() => totalsByCurrency(accounts.data ?? []), [accounts.data]);
  const inactive = useMemo(() => (accounts.data ?? []).filter(isInactive), [accounts.data]);

  return (
    <>
      <PageHeader title="Dashboard" description={`Balances at a glance for ${clientName.replace(/\.$/, "")}.`} />
      <div className="grid gap-6 xl:grid-cols-[1fr_22rem]">
        <div className="min-w-0 space-y-6">
          <section aria-labelledby="balances-title">
            <h2 id="balances-title" className="mb-3 text-sm font-semibold text-slate-900 dark:text-slate-100">
              Available balances by currency
            </h2>
            {accounts.isPending ? (
              <ChartsSkeleton />
            ) : accounts.isError ? (
              <Card>
                <ErrorState title="Balances could not be loaded" error={accounts.error} onRetry={() => void accounts.refetch()} />
              </Card>
            ) : totals.length === 0 ? (
              <Card>
                <EmptyState title="No accounts yet">When the bank opens an account for your organisation it appears here.</EmptyState>
              </Card>
            ) : (
              // minmax(0, 1fr): a long account name truncates in its card instead of widening the column past a phone's screen.
              <div className="grid grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-2">
                {totals.map((total) => (
                  <BalanceChart key={total.currency} total={total} />
                ))}
              </div>
            )}
          </section>
          <RecentActivity accounts={accounts} />
          {accounts.isSuccess ? (
            <AttentionList accounts={inactive} />
          ) : (
            <Card aria-busy={accounts.isPending} className="h-[148px] p-5">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="mt-3 h-4 w-64" />
            </Card>
          )}
        </div>
        <QuickLinks isAdmin={isAdmin} />
      </div>
    </>
  );
}
