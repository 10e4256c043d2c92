"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { ReactNode } from "react";
import { AttributesTable, OwnersTable, RoutingsTable } from "@/components/accounts/detail-tables";
import { StatusBadge } from "@/components/accounts/status-badge";
import { AccountPaymentsCard } from "@/components/payments/account-payments-card";
import { buttonClass } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/state-message";
import { fetchAccount } from "@/lib/portal/accounts-api";
import { ApiRequestError } from "@/lib/portal/api-client";
import { isInactive } from "@/lib/portal/balances";
import { formatBankDateTime } from "@/lib/portal/date-format";
import { formatMoney } from "@/lib/portal/money-format";
import { accountKeys } from "@/lib/portal/query-keys";

function Field({ label, children, mono }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className="px-5 py-3 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className={`mt-0.5 text-sm text-slate-900 sm:col-span-2 sm:mt-0 dark:text-slate-100 ${mono ? "font-mono" : ""}`}>{children}</dd>
    </div>
  );
}

const BackLink = () => (
  <Link href="/accounts" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
    ← All accounts
  </Link>
);

function DetailSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading account">
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
          <EmptyState title={`No account ${accountNumber}`} action={<Link href="/accounts" className={buttonClass()}>Back to accounts</Link>}>
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
      <BackLink />
      <header className="mt-3 mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="flex items-center gap-3 text-xl font-semibold tracking-tight">
            {a.nickname ?? `Account ${a.accountNumber}`} <StatusBadge status={a.status} />
          </h1>
          <p className="tabular mt-1 font-mono text-sm text-slate-600 dark:text-slate-400">{a.accountNumber}</p>
        </div>
        <div className="text-right">
          <p className="text-sm text-slate-600 dark:text-slate-400">Available balance</p>
          <p className="tabular text-2xl font-semibold tracking-tight">{formatMoney(a.availableBalance.amount, a.availableBalance.currency)}</p>
          <p className="text-xs text-slate-600 dark:text-slate-400">as of {formatBankDateTime(a.balanceEffectiveDate)}</p>
        </div>
      </header>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card aria-labelledby="account-details">
          <CardHeader id="account-details" title="Details" />
          <dl className="divide-y divide-slate-200 dark:divide-slate-800">
            <Field label="Account ID" mono>{a.accountId}</Field>
            <Field label="Account number" mono>{a.accountNumber}</Field>
            <Field label="Customer (CIF)" mono>{a.cif}</Field>
            <Field label="Nickname">{a.nickname ?? "—"}</Field>
            <Field label="Currency" mono>{a.currency}</Field>
            <Field label="Type">{a.accountType ?? "—"}</Field>
            <Field label="Product (sub-type)" mono>{a.accountSubType}</Field>
            <Field label="Status">{a.status}</Field>
            <Field label="Opened"><time dateTime={a.openingDate}>{formatBankDateTime(a.openingDate)}</time></Field>
            <Field label="Balance effective"><time dateTime={a.balanceEffectiveDate}>{formatBankDateTime(a.balanceEffectiveDate)}</time></Field>
            <Field label="Available balance" mono>{`${a.availableBalance.amount} ${a.availableBalance.currency}`}</Field>
          </dl>
        </Card>
        <div className="space-y-6">
          <OwnersTable owners={a.owners} />
          <RoutingsTable routings={a.accountRoutings} />
          <AttributesTable attributes={a.accountAttributes} />
        </div>
      </div>
      <AccountPaymentsCard accountNumber={a.accountNumber} payable={!isInactive(a)} />
    </>
  );
}
