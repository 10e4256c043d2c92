"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { AccountPayments } from "@/components/payments/account-payments";
import { PayButtons } from "@/components/payments/pay-buttons";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/state-message";
import { fetchAllAccounts } from "@/lib/portal/accounts/accounts-api";
import { accountLabel, isInactive } from "@/lib/portal/accounts/balances";
import { formatMoney } from "@/lib/portal/shared/money-format";
import { accountKeys } from "@/lib/portal/shared/query-keys";

/**
 * Payments by account: the API lists payments per debtor account
 * (GET /v1/accounts/{n}/payments), so the page picks the account first.
 */
export function PaymentsHub({ initialAccount }: { initialAccount?: string }) {
  const accounts = useQuery({ queryKey: accountKeys.complete(), queryFn: ({ signal }) => fetchAllAccounts(undefined, signal) });
  const [chosen, setChosen] = useState(initialAccount ?? "");
  const list = accounts.data ?? [];
  const account = list.find((a) => a.accountNumber === chosen) ?? list[0];

  // The URL follows the user's choice (shareable, survives reload); only on a choice, so it never races a navigation.
  const choose = (accountNumber: string) => {
    setChosen(accountNumber);
    window.history.replaceState(null, "", `/payments?account=${encodeURIComponent(accountNumber)}`);
  };

  return (
    <>
      <PageHeader title="Payments" description="ACH and SWIFT payments by debit account, newest first." actions={<PayButtons />} />
      <Card>
        <div className="flex flex-wrap items-end justify-between gap-3 border-b border-slate-200 px-4 py-4 dark:border-slate-800">
          <div className="min-w-72 flex-1 sm:max-w-md">
            <label htmlFor="payments-account" className="mb-1 block text-xs font-medium text-slate-700 dark:text-slate-300">
              Debit account
            </label>
            {accounts.isPending ? (
              <Skeleton className="h-9 w-full rounded-md" />
            ) : (
              <select
                id="payments-account"
                value={account?.accountNumber ?? ""}
                onChange={(e) => choose(e.target.value)}
                disabled={list.length === 0}
                className="h-9 w-full rounded-md border border-slate-300 bg-white px-2.5 text-sm text-slate-900 shadow-xs dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
              >
                {list.map((a) => (
                  <option key={a.accountId} value={a.accountNumber}>
                    {`${accountLabel(a)} · ${a.accountNumber} · ${a.availableBalance.currency}${isInactive(a) ? " (inactive)" : ""}`}
                  </option>
                ))}
              </select>
            )}
          </div>
          <p className="tabular text-sm text-slate-600 dark:text-slate-400">
            {account ? `Available ${formatMoney(account.availableBalance.amount, account.availableBalance.currency)}` : "\u00a0"}
          </p>
        </div>
        {accounts.isError ? (
          <ErrorState title="Your accounts could not be loaded" error={accounts.error} onRetry={() => void accounts.refetch()} />
        ) : accounts.isPending ? (
          <div className="h-[320px]" aria-busy="true" aria-label="Loading accounts" />
        ) : account ? (
          <AccountPayments key={account.accountNumber} accountNumber={account.accountNumber} pageSize={25} />
        ) : (
          <EmptyState title="No accounts">When the bank opens an account for your organisation, its payments appear here.</EmptyState>
        )}
      </Card>
    </>
  );
}
