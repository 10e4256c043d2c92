"use client";

import { useQuery } from "@tanstack/react-query";
import { Cell, DataTable } from "@/components/ui/data-table";
import { totalsByCurrency, type TPaymentRunItem } from "@/lib/contract/payment-runs/schema";
import { fetchAllAccounts } from "@/lib/portal/accounts/accounts-api";
import { totalsPerDebitAccount } from "@/lib/portal/payment-runs/run-upload";
import { shouldRetry } from "@/lib/portal/shared/api-client";
import { formatMoney, toMinor } from "@/lib/contract/money-format";
import { accountKeys } from "@/lib/portal/shared/query-keys";

const count = (n: number) => (n === 1 ? "1 payment" : `${n.toLocaleString("en-US")} payments`);

/** The total of a run (or a draft of one) per currency, never summed across currencies. */
export function RunCurrencyTotals({ totals }: { totals: ReadonlyArray<{ currency: string; amount: string; count: number }> }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Total per currency">
      {totals.map((t) => (
        <li key={t.currency} className="rounded-md border border-slate-200 px-4 py-3 dark:border-slate-800">
          <p className="tabular text-lg font-semibold">{formatMoney(t.amount, t.currency)}</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">{count(t.count)}</p>
        </li>
      ))}
    </ul>
  );
}

/**
 * Totals of the rows kept, and beside each debit account what it has available
 * now. A shortfall is a warning, not a block: each payment is checked for funds
 * when it is made, and the ones that cannot be paid fail on their own (AM04).
 */
export function RunTotals({ items }: { items: readonly TPaymentRunItem[] }) {
  const accounts = useQuery({ queryKey: accountKeys.complete(), queryFn: ({ signal }) => fetchAllAccounts(undefined, signal), retry: shouldRetry });
  const byNumber = new Map((accounts.data ?? []).map((a) => [a.accountNumber, a]));
  const debits = totalsPerDebitAccount(items);
  return (
    <section aria-labelledby="run-totals-title" className="space-y-4">
      <h2 id="run-totals-title" className="text-sm font-semibold">
        {count(items.length)} ready to send
      </h2>
      <RunCurrencyTotals totals={totalsByCurrency(items)} />
      <DataTable
        caption="What the run takes from each debit account"
        scrollRegion="Funds of each debit account"
        columns={["Debit account", { label: "This run", align: "right" }, { label: "Available now", align: "right" }, "Funds"]}
      >
        {debits.map((d) => {
          const account = byNumber.get(d.debtorAccount);
          const available = account?.availableBalance;
          const sameCurrency = available?.currency === d.currency;
          const short = sameCurrency && toMinor(d.amount, d.currency) > toMinor(available.amount, available.currency);
          return (
            <tr key={`${d.debtorAccount}-${d.currency}`}>
              <Cell mono>
                {d.debtorAccount}
                {account?.nickname ? <span className="block font-sans text-xs text-slate-600 dark:text-slate-400">{account.nickname}</span> : null}
              </Cell>
              <Cell numeric>
                {formatMoney(d.amount, d.currency)}
                <span className="block text-xs text-slate-600 dark:text-slate-400">{count(d.count)}</span>
              </Cell>
              <Cell numeric>{available ? formatMoney(available.amount, available.currency) : accounts.isPending ? "…" : "—"}</Cell>
              <Cell className={short || (!account && accounts.isSuccess) ? "text-amber-800 dark:text-amber-300" : undefined}>
                {accounts.isPending
                  ? "Checking…"
                  : accounts.isError
                    ? "Balances could not be loaded"
                    : !account
                      ? "Not one of your accounts"
                      : !sameCurrency
                        ? `Converted to ${available?.currency} when paid`
                        : short
                          ? "Short: some payments will fail for funds"
                          : "Enough"}
              </Cell>
            </tr>
          );
        })}
      </DataTable>
    </section>
  );
}
