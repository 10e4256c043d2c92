"use client";

import { listAccountTransactionsOperation } from "@/lib/contract/ledger/operations";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Card, CardHeader } from "@/components/ui/card";
import { cx } from "@/components/ui/cx";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/state-message";
import type { TAccountSummary } from "@/lib/contract/accounts/schema";
import { accountsToAsk, mergeRecent, recentTransactionsParams, type RecentTransaction } from "@/lib/portal/accounts/recent-activity";
import { apiJson, shouldRetry } from "@/lib/portal/shared/api-client";
import { formatBankDateTime } from "@/lib/contract/time/date-format";
import { TRANSACTION_KIND_LABELS } from "@/lib/portal/shared/labels";
import { formatMoney } from "@/lib/contract/money-format";
import { accountKeys } from "@/lib/portal/shared/query-keys";

/** Each account's newest postings, merged; an account whose page fails is named, the others still show. */
async function loadRecent(accounts: readonly TAccountSummary[], signal: AbortSignal) {
  const settled = await Promise.allSettled(
    accounts.map(async (account) => ({
      account,
      transactions: (await apiJson(listAccountTransactionsOperation, { params: recentTransactionsParams(account.accountNumber), signal })).data,
    })),
  );
  const loaded = settled.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const failed = settled.flatMap((s, i) => (s.status === "rejected" ? [accounts[i]!] : []));
  if (loaded.length === 0 && settled[0]?.status === "rejected") throw settled[0].reason;
  return { rows: mergeRecent(loaded), failed };
}

function Item({ t }: { t: RecentTransaction }) {
  const what = t.counterparty?.name ?? t.references.payerReference ?? t.remittanceInformation[0] ?? t.references.reference;
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-0.5 px-5 py-3 text-sm">
      <span className="truncate font-medium text-slate-900 dark:text-slate-100">
        {TRANSACTION_KIND_LABELS[t.kind]} · {what}
      </span>
      <span className={cx("tabular text-right font-medium whitespace-nowrap", t.type === "Credit" && "text-emerald-700 dark:text-emerald-400")}>
        {`${t.type === "Debit" ? "−" : "+"}${formatMoney(t.amount.amount, t.amount.currency)}`}
      </span>
      {/* One line on a desktop, wrapping on a phone rather than cutting the account or the time. */}
      <span className="col-span-2 text-slate-600 dark:text-slate-400">
        <Link href={`/accounts/${encodeURIComponent(t.account.accountNumber)}`} className="hover:underline">
          {t.account.nickname ? `${t.account.nickname} · ${t.account.accountNumber}` : `Account ${t.account.accountNumber}`}
        </Link>
        {" · "}
        <time dateTime={t.bookingDateTime} className="whitespace-nowrap">
          {formatBankDateTime(t.bookingDateTime)}
        </time>
      </span>
    </li>
  );
}

/** The dashboard's newest credits and debits across the organisation's accounts. */
export function RecentActivity({ accounts }: { accounts: { data?: TAccountSummary[]; isPending: boolean; isError: boolean } }) {
  const asked = accounts.data ? accountsToAsk(accounts.data) : [];
  const numbers = asked.map((a) => a.accountNumber);
  const recent = useQuery({
    queryKey: accountKeys.recentActivity(numbers),
    queryFn: ({ signal }) => loadRecent(asked, signal),
    enabled: asked.length > 0,
    retry: shouldRetry,
  });
  const total = accounts.data?.length ?? 0;
  const description =
    total > asked.length
      ? `The newest credits and debits of ${asked.length} of your ${total} accounts.`
      : "The newest credits and debits across your accounts.";
  let body;
  if (accounts.isPending || (asked.length > 0 && recent.isPending)) {
    body = (
      <div role="status" aria-busy="true" aria-label="Loading recent activity" className="space-y-3 px-5 py-4">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-9 w-full" />
        ))}
      </div>
    );
  } else if (accounts.isError) {
    body = <EmptyState title="Recent activity needs your accounts">They could not be loaded; see the message above.</EmptyState>;
  } else if (recent.isError) {
    body = <ErrorState title="Recent activity could not be loaded" error={recent.error} onRetry={() => void recent.refetch()} />;
  } else if (!recent.data || recent.data.rows.length === 0) {
    body = <EmptyState title="No activity yet">Payments, transfers, deposits and charges appear here as soon as they are booked.</EmptyState>;
  } else {
    body = (
      <>
        <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label="Recent transactions">
          {recent.data.rows.map((t) => (
            <Item key={`${t.account.accountNumber}-${t.transactionId}`} t={t} />
          ))}
        </ul>
        {recent.data.failed.length > 0 ? (
          <p role="status" className="border-t border-slate-200 px-5 py-2 text-xs text-amber-800 dark:border-slate-800 dark:text-amber-300">
            {`Activity of ${recent.data.failed.map((a) => a.accountNumber).join(", ")} could not be loaded and is not shown.`}
          </p>
        ) : null}
      </>
    );
  }
  return (
    <Card aria-labelledby="recent-activity-title">
      <CardHeader id="recent-activity-title" title="Recent activity" description={description} />
      {body}
    </Card>
  );
}
