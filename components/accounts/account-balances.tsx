"use client";

import { useQuery } from "@tanstack/react-query";
import type { TAccount } from "@/lib/contract/accounts/schema";
import { fetchAccountBalances } from "@/lib/portal/accounts/accounts-api";
import { formatBankDateTime } from "@/lib/contract/time/date-format";
import { formatMoney } from "@/lib/contract/money-format";
import { accountKeys } from "@/lib/portal/shared/query-keys";

/**
 * The account page's balances, as a treasurer reads them (docs/ledger.md,
 * Available and booked balance): available (what can be spent now, pending
 * payments already deducted) and booked (what has settled). Until the booked
 * balance arrives, or if it cannot be read, the account's available balance stands alone.
 */
export function AccountBalances({ account }: { account: TAccount }) {
  const query = useQuery({
    queryKey: accountKeys.balances(account.accountNumber),
    queryFn: ({ signal }) => fetchAccountBalances(account.accountNumber, signal),
  });
  const b = query.data;
  const available = b?.availableBalance ?? account.availableBalance;
  return (
    <div className="text-right" aria-live="polite">
      <dl className="flex flex-wrap justify-end gap-x-8 gap-y-2">
        <div>
          <dt className="text-sm text-slate-600 dark:text-slate-400" title="What can be spent now: pending payments already deducted">
            Available balance
          </dt>
          <dd className="tabular text-2xl font-semibold tracking-tight">{formatMoney(available.amount, available.currency)}</dd>
        </div>
        {b ? (
          <div>
            <dt className="text-sm text-slate-600 dark:text-slate-400" title="Settled entries only: a statement's closing balance">
              Booked balance
            </dt>
            <dd className="tabular text-2xl font-semibold tracking-tight text-slate-700 dark:text-slate-300">
              {formatMoney(b.bookedBalance.amount, b.bookedBalance.currency)}
            </dd>
          </div>
        ) : null}
      </dl>
      {b && b.pendingPayments > 0 ? (
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {formatMoney(b.heldForPendingPayments.amount, b.heldForPendingPayments.currency)} held for {b.pendingPayments} pending{" "}
          {b.pendingPayments === 1 ? "payment" : "payments"}: deducted from available, not yet from booked (statements close on booked).
        </p>
      ) : null}
      <p className="text-xs text-slate-600 dark:text-slate-400">as of {formatBankDateTime(b?.balanceEffectiveDate ?? account.balanceEffectiveDate)}</p>
    </div>
  );
}
