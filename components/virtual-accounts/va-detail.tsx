"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { TLinkedAccount, TVirtualAccountDetail } from "@/lib/contract/virtual-accounts/responses";
import { buttonClass } from "@/components/ui/button";
import { BackLink, DetailField } from "@/components/ui/detail";
import { Card, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/state-message";
import { AllocationForm } from "@/components/virtual-accounts/allocation-form";
import { ClientReferenceForm, SetOnceForm } from "@/components/virtual-accounts/va-forms";
import { inputClass } from "@/components/ui/form";
import { VaStateBadge } from "@/components/virtual-accounts/va-table";
import { ApiRequestError } from "@/lib/portal/shared/api-client";
import { formatBankDateTime } from "@/lib/contract/time/date-format";
import { formatMoney } from "@/lib/contract/money-format";
import { virtualAccountKeys } from "@/lib/portal/shared/query-keys";
import { fetchVirtualAccount, isUnallocated, isVirtual } from "@/lib/portal/virtual-accounts/va-api";

function DetailSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading virtual account">
      <Skeleton className="h-4 w-36" />
      <Skeleton className="mt-4 h-7 w-64" />
      <Skeleton className="mt-2 h-4 w-40" />
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-[460px] w-full rounded-xl" />
        <Skeleton className="h-[460px] w-full rounded-xl" />
      </div>
    </div>
  );
}

function Linked({ account }: { account: TLinkedAccount | null }) {
  if (!account) return <span className="text-slate-500 dark:text-slate-400">Not provisioned</span>;
  return (
    <>
      <Link href={`/accounts/${encodeURIComponent(account.accountNumber)}`} className="font-mono text-brand-700 hover:underline dark:text-brand-300">
        {account.accountNumber}
      </Link>{" "}
      <span className="text-slate-600 dark:text-slate-400">
        · {account.currency} · {formatMoney(account.availableBalance.amount, account.availableBalance.currency)}
      </span>
    </>
  );
}

/** One read-only input: immutable after allocation, shown as a field so it reads as "fixed", not as missing. */
function Fixed({ label, value }: { label: string; value: string | null | undefined }) {
  const id = `fixed-${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </label>
      <input id={id} readOnly aria-readonly="true" value={value ?? "—"} className={inputClass()} />
    </div>
  );
}

/** After allocation: the names, type and set holder facts are read-only (409 ACCOUNT_NAMES_IMMUTABLE if changed). */
function HolderReadOnly({ account, canOperate }: { account: TVirtualAccountDetail; canOperate: boolean }) {
  const address = account.business?.registeredAddress;
  const type = account.accountHolderType ?? "Individual";
  return (
    <Card aria-labelledby="holder-title">
      <CardHeader id="holder-title" title="Holder" description="Set at allocation: these fields cannot be changed. Only the client reference can." />
      <div className="grid gap-4 px-5 py-4 sm:grid-cols-2">
        <Fixed label="Holder type" value={type} />
        <Fixed label="Account holder name" value={account.accountHolderName} />
        <Fixed label="Account name" value={account.accountName} />
        {canOperate && account.taxIdentificationNumber === null ? null : <Fixed label="Tax identification number" value={account.taxIdentificationNumber} />}
        {canOperate && account.countryOfResidence === null ? null : <Fixed label="Country of residence" value={account.countryOfResidence} />}
        {type === "Business" ? (
          <>
            <Fixed
              label="Registered address"
              value={
                address ? [address.addressLine1, address.addressLine2, address.city, address.postalCode, address.country].filter(Boolean).join(", ") : null
              }
            />
            <Fixed label="Date of incorporation" value={account.business?.dateOfIncorporation} />
            <Fixed label="Country of incorporation" value={account.business?.countryOfIncorporation} />
          </>
        ) : (
          <>
            <Fixed label="Date of birth" value={account.individual?.dob ?? account.dob} />
            <Fixed label="Nationality" value={account.individual?.nationality} />
            <Fixed label="Native-language name" value={account.individual?.nativeLanguageName ?? account.nativeLanguageName} />
          </>
        )}
      </div>
      {canOperate && (account.taxIdentificationNumber === null || account.countryOfResidence === null) ? <SetOnceForm account={account} /> : null}
    </Card>
  );
}

export function VaDetail({ number, canOperate }: { number: string; canOperate: boolean }) {
  const query = useQuery({ queryKey: virtualAccountKeys.detail(number), queryFn: ({ signal }) => fetchVirtualAccount(number, signal) });

  if (query.isPending) return <DetailSkeleton />;
  if (query.isError) {
    const notFound = query.error instanceof ApiRequestError && query.error.status === 404;
    return (
      <Card>
        {notFound ? (
          <EmptyState
            title={`No virtual account ${number}`}
            action={
              <Link href="/virtual-accounts" className={buttonClass()}>
                Back to virtual accounts
              </Link>
            }
          >
            There is no virtual account with this number for your organisation.
          </EmptyState>
        ) : (
          <ErrorState title="This virtual account could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
        )}
      </Card>
    );
  }

  const a = query.data;
  const unallocated = isUnallocated(a);
  return (
    <>
      <BackLink href="/virtual-accounts">All virtual accounts</BackLink>
      <header className="mt-3 mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="flex items-center gap-3 text-xl font-semibold tracking-tight">
            {unallocated ? "Unallocated virtual account" : a.accountName} <VaStateBadge account={a} />
          </h1>
          <p className="tabular mt-1 font-mono text-sm text-slate-600 dark:text-slate-400">{a.virtualAccountNumber}</p>
        </div>
        <div className="text-right">
          <p className="text-sm text-slate-600 dark:text-slate-400">Balance</p>
          <p className="tabular text-2xl font-semibold tracking-tight">{formatMoney(a.balance.amount, a.balance.currency)}</p>
        </div>
      </header>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card aria-labelledby="va-details-title" className="self-start">
          <CardHeader id="va-details-title" title="Details" />
          <dl className="divide-y divide-slate-200 dark:divide-slate-800">
            <DetailField label="Virtual account number" mono>
              {a.virtualAccountNumber}
            </DetailField>
            <DetailField label="Holder">{unallocated ? <span className="font-mono">UNALLOCATED</span> : a.accountHolderName}</DetailField>
            <DetailField label="Currency" mono>
              {a.currency}
            </DetailField>
            <DetailField label="Category">{a.category}</DetailField>
            <DetailField label="Client reference" mono>
              {a.clientReference ?? "—"}
            </DetailField>
            <DetailField label="BIC" mono>
              {a.bicCode}
            </DetailField>
            <DetailField label="BIC (FX)" mono>
              {a.bicCodeFx}
            </DetailField>
            <DetailField label="Effective">{formatBankDateTime(a.effectiveDate)}</DetailField>
            <DetailField label="Created">{formatBankDateTime(a.createdAt)}</DetailField>
            <DetailField label="Settlement account">
              <Linked account={a.settlementAccount} />
            </DetailField>
            <DetailField label="Parent account">
              <Linked account={a.parentAccount} />
            </DetailField>
          </dl>
        </Card>
        <div className="space-y-6">
          {!isVirtual(a) ? (
            <Card>
              <EmptyState
                title={`A ${a.category === "CMS Settlement" ? "settlement" : "parent"} account`}
                action={
                  <Link href={`/accounts/${encodeURIComponent(a.virtualAccountNumber)}`} className={buttonClass()}>
                    Open in Accounts
                  </Link>
                }
              >
                A real account of your organisation, listed with the virtual accounts it serves. It is not allocated or edited here.
              </EmptyState>
            </Card>
          ) : unallocated ? (
            canOperate ? (
              <AllocationForm account={a} />
            ) : (
              <Card>
                <EmptyState title="Not yet allocated">A treasurer or administrator can allocate this account to a holder.</EmptyState>
              </Card>
            )
          ) : (
            <HolderReadOnly account={a} canOperate={canOperate} />
          )}
          {canOperate && isVirtual(a) ? <ClientReferenceForm account={a} /> : null}
        </div>
      </div>
    </>
  );
}
