"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { AccountActivity } from "@/components/accounts/account-activity";
import { AccountBalances } from "@/components/accounts/account-balances";
import { AttributesTable, OwnersTable, RoutingsTable } from "@/components/accounts/detail-tables";
import { StatusBadge } from "@/components/accounts/status-badge";
import { AccountPaymentsCard } from "@/components/payments/account-payments-card";
import { buttonClass } from "@/components/ui/button";
import { BackLink, DetailField } from "@/components/ui/detail";
import { Card, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/state-message";
import { fetchAccount } from "@/lib/portal/accounts/accounts-api";
import { ApiRequestError } from "@/lib/portal/shared/api-client";
import { isInactive } from "@/lib/portal/accounts/balances";
import { formatBankDateTime } from "@/lib/contract/time/date-format";
import { formatMoney } from "@/lib/contract/money-format";
import { accountKeys } from "@/lib/portal/shared/query-keys";

function DetailSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading account">
      <Skeleton className="h-7 w-64" />
      <Skeleton className="mt-2 h-4 w-40" />
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-[420px] w-full rounded-xl" />
        <Skeleton className="h-[420px] w-full rounded-xl" />
      </div>
    </div>
  );
}

export function AccountDetail({ accountNumber }: { accountNumber: string }) {
  const query = useQuery({ queryKey: accountKeys.detail(accountNumber), queryFn: ({ signal }) => fetchAccount(accountNumber, signal) });

  if (query.isPending) return <DetailSkeleton />;
  if (query.isError) {
    const notFound = query.error instanceof ApiRequestError && query.error.status === 404;
    return (
      <Card>
        {notFound ? (
          <EmptyState
            title={`No account ${accountNumber}`}
            action={
              <Link href="/accounts" className={buttonClass()}>
                Back to accounts
              </Link>
            }
          >
            There is no account with this number for your organisation.
          </EmptyState>
        ) : (
          <ErrorState title="This account could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
        )}
      </Card>
    );
  }

  const a = query.data;
  return (
    <>
      <BackLink href="/accounts">All accounts</BackLink>
      <header className="mt-3 mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="flex items-center gap-3 text-xl font-semibold tracking-tight">
            {a.nickname ?? `Account ${a.accountNumber}`} <StatusBadge status={a.status} />
          </h1>
          <p className="tabular mt-1 font-mono text-sm text-slate-600 dark:text-slate-400">{a.accountNumber}</p>
        </div>
        <AccountBalances account={a} />
      </header>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card aria-labelledby="account-details">
          <CardHeader id="account-details" title="Details" />
          <dl className="divide-y divide-slate-200 dark:divide-slate-800">
            <DetailField label="Account ID" mono>
              {a.accountId}
            </DetailField>
            <DetailField label="Account number" mono>
              {a.accountNumber}
            </DetailField>
            <DetailField label="Customer (CIF)" mono>
              {a.cif}
            </DetailField>
            <DetailField label="Nickname">{a.nickname ?? "—"}</DetailField>
            <DetailField label="Currency" mono>
              {a.currency}
            </DetailField>
            <DetailField label="Type">{a.accountType ?? "—"}</DetailField>
            <DetailField label="Product (sub-type)" mono>
              {a.accountSubType}
            </DetailField>
            <DetailField label="Status">{a.status}</DetailField>
            <DetailField label="Opened">
              <time dateTime={a.openingDate}>{formatBankDateTime(a.openingDate)}</time>
            </DetailField>
            <DetailField label="Balance effective">
              <time dateTime={a.balanceEffectiveDate}>{formatBankDateTime(a.balanceEffectiveDate)}</time>
            </DetailField>
            <DetailField label="Available balance" mono>
              {formatMoney(a.availableBalance.amount, a.availableBalance.currency)}
            </DetailField>
          </dl>
        </Card>
        <div className="space-y-6">
          <OwnersTable owners={a.owners} />
          <RoutingsTable routings={a.accountRoutings} />
          <AttributesTable attributes={a.accountAttributes} />
        </div>
      </div>
      <AccountActivity accountNumber={a.accountNumber} currency={a.currency} />
      <AccountPaymentsCard accountNumber={a.accountNumber} payable={!isInactive(a)} />
    </>
  );
}
