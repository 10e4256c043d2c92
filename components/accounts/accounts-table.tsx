import Link from "next/link";
import type { TAccountSummary } from "@/lib/contract/accounts/schema";
import { StatusBadge } from "@/components/accounts/status-badge";
import { Skeleton } from "@/components/ui/skeleton";
import { formatMoney } from "@/lib/contract/money-format";
import { ListHead, WIDE_ONLY, wideOnly } from "@/components/ui/list-frame";

const TD = "px-3 py-3 align-middle sm:px-5";
/** Fixed row height: skeleton rows, data rows and the empty row all take the same room. */
const ROW = "h-[61px]";

// Type and currency step aside at phone width (WIDE_ONLY): the balance (with its currency) must stay in view.
export function AccountsTableSkeleton({ rows }: { rows: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, i) => (
        <tr key={i} className={ROW}>
          <td className={TD}>
            <Skeleton className="h-4 w-40" />
            <Skeleton className="mt-1.5 h-3 w-24" />
          </td>
          <td className={`${TD} ${WIDE_ONLY}`}>
            <Skeleton className="h-4 w-24" />
          </td>
          <td className={TD}>
            <Skeleton className="h-5 w-14" />
          </td>
          <td className={`${TD} ${WIDE_ONLY}`}>
            <Skeleton className="h-4 w-10" />
          </td>
          <td className={TD}>
            <Skeleton className="ml-auto h-4 w-28" />
          </td>
        </tr>
      ))}
    </>
  );
}

export function AccountRow({ account }: { account: TAccountSummary }) {
  const { currency, amount } = account.availableBalance;
  return (
    <tr className={`${ROW} hover:bg-slate-50 dark:hover:bg-slate-800/50`}>
      <td className={TD}>
        <Link
          href={`/accounts/${encodeURIComponent(account.accountNumber)}`}
          className="block font-medium text-slate-900 hover:text-brand-700 hover:underline dark:text-slate-100 dark:hover:text-brand-300"
        >
          {account.nickname ?? <span className="text-slate-600 italic dark:text-slate-400">No nickname</span>}
        </Link>
        <span className="tabular font-mono text-xs text-slate-600 dark:text-slate-400">{account.accountNumber}</span>
      </td>
      <td className={`${TD} ${WIDE_ONLY}`}>
        <span className="block text-slate-900 dark:text-slate-100">{account.accountType ?? "—"}</span>
        <span className="font-mono text-xs text-slate-600 dark:text-slate-400">{account.accountSubType}</span>
      </td>
      <td className={TD}>
        <StatusBadge status={account.status} />
      </td>
      <td className={`${TD} ${WIDE_ONLY} font-mono text-slate-700 dark:text-slate-300`}>{currency}</td>
      <td className={`${TD} tabular text-right font-medium whitespace-nowrap text-slate-900 dark:text-slate-100`}>{formatMoney(amount, currency)}</td>
    </tr>
  );
}

export function AccountsTableHead() {
  return (
    <ListHead
      padding="px-3 py-2.5 sm:px-5"
      columns={["Account", wideOnly("Type"), "Status", wideOnly("Currency"), { label: "Available balance", align: "right" }]}
    />
  );
}
