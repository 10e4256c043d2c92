import { Badge } from "@/components/ui/badge";
import type { CurrencyTotal } from "@/lib/portal/accounts/balances";
import { formatAmount } from "@/lib/contract/money-format";

const PALETTE = ["bg-brand-700", "bg-brand-500", "bg-brand-300", "bg-sky-300", "bg-slate-400", "bg-slate-300"];
const MAX_SLICES = 5;

type Slice = { key: string; label: string; amount: string | null; share: number; color: string };

function slicesOf(total: CurrencyTotal): Slice[] {
  const top = total.slices.slice(0, MAX_SLICES).map((s, i) => ({ key: s.accountNumber, label: s.label, amount: s.amount, share: s.share, color: PALETTE[i]! }));
  const rest = total.slices.slice(MAX_SLICES);
  if (rest.length === 0) return top;
  const share = rest.reduce((sum, s) => sum + s.share, 0);
  return [...top, { key: "other", label: `${rest.length} other accounts`, amount: null, share, color: PALETTE[MAX_SLICES]! }];
}

/**
 * One card per currency: the total, then how it splits across accounts as a
 * stacked bar. Currencies are never drawn on one axis, since they are not
 * additive; the bar is decorative and its legend carries the same figures as text.
 */
export function BalanceChart({ total }: { total: CurrencyTotal }) {
  const slices = slicesOf(total);
  return (
    <figure className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-xs dark:border-slate-800 dark:bg-slate-900">
      <figcaption className="flex items-center justify-between gap-2">
        <span className="text-sm font-medium text-slate-600 dark:text-slate-400">Available in {total.currency}</span>
        <Badge>{total.accountCount === 1 ? "1 account" : `${total.accountCount} accounts`}</Badge>
      </figcaption>
      <p className="tabular mt-2 text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">
        <span className="mr-1.5 text-base font-medium text-slate-500 dark:text-slate-400">{total.currency}</span>
        {formatAmount(total.total, total.currency)}
      </p>
      <div aria-hidden="true" className="mt-4 flex h-2.5 w-full gap-0.5 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800">
        {slices.map((s) => (
          <span key={s.key} className={`${s.color} h-full`} style={{ width: `${Math.max(s.share * 100, 0.5)}%` }} />
        ))}
      </div>
      <ul className="mt-4 space-y-1.5 text-sm">
        {slices.map((s) => (
          <li key={s.key} className="flex items-center gap-2">
            <span aria-hidden="true" className={`${s.color} size-2.5 shrink-0 rounded-sm`} />
            <span className="min-w-0 flex-1 truncate text-slate-700 dark:text-slate-300">{s.label}</span>
            <span className="tabular text-slate-900 dark:text-slate-100">{s.amount ? formatAmount(s.amount, total.currency) : ""}</span>
            <span className="tabular w-12 text-right text-slate-500 dark:text-slate-400">{Math.round(s.share * 100)}%</span>
          </li>
        ))}
        {slices.length === 0 ? <li className="text-slate-600 dark:text-slate-400">No positive balances.</li> : null}
      </ul>
      {total.inactiveCount > 0 ? (
        <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">
          Active accounts only: {total.inactiveCount === 1 ? "1 inactive account is" : `${total.inactiveCount} inactive accounts are`} left out of this total.
        </p>
      ) : null}
    </figure>
  );
}
