import Link from "next/link";
import type { TAccountSummary } from "@/lib/contract/accounts/schema";
import { StatusBadge } from "@/components/accounts/status-badge";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/state-message";
import { accountLabel } from "@/lib/portal/accounts/balances";
import { formatMoney } from "@/lib/contract/money-format";

/** Inactive accounts: money parked where it cannot move until the bank reactivates the account. */
export function AttentionList({ accounts }: { accounts: readonly TAccountSummary[] }) {
  return (
    <Card aria-labelledby="attention-title">
      <CardHeader id="attention-title" title="Needs attention" description="Inactive accounts cannot send or receive payments." />
      {accounts.length === 0 ? (
        <EmptyState title="Nothing needs attention" className="py-8">
          Every account is active.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {accounts.map((account) => (
            <li key={account.accountId}>
              <Link
                href={`/accounts/${encodeURIComponent(account.accountNumber)}`}
                className="flex items-center gap-3 px-5 py-3 hover:bg-slate-50 dark:hover:bg-slate-800/60"
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium text-slate-900 dark:text-slate-100">{accountLabel(account)}</span>
                  <span className="tabular block font-mono text-xs text-slate-600 dark:text-slate-400">{account.accountNumber}</span>
                </span>
                <span className="tabular text-sm text-slate-900 dark:text-slate-100">
                  {formatMoney(account.availableBalance.amount, account.availableBalance.currency)}
                </span>
                <StatusBadge status={account.status} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
