import Link from "next/link";
import type { TVirtualAccount } from "@/lib/contract/virtual-accounts/responses";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { formatAmount } from "@/lib/contract/money-format";
import { isUnallocated, isVirtual } from "@/lib/portal/virtual-accounts/va-api";
import { ListHead, WIDE_ONLY, wideOnly } from "@/components/ui/list-frame";

const TD = "px-3 py-3 align-middle sm:px-5";
/** A phone shows the account, its state and its balance (with the currency): the other columns wait for a wider screen. */
const WIDE_TD = `${TD} ${WIDE_ONLY}`;
/** Fixed row height: skeleton, data and empty rows take the same room. */
const ROW = "h-[61px]";
export const VA_COLUMNS = 6;

export function VaStateBadge({ account }: { account: Pick<TVirtualAccount, "category" | "accountHolderName"> }) {
  if (account.category === "CMS Settlement") return <Badge tone="blue">Settlement</Badge>;
  if (account.category === "CMS Parent Cate") return <Badge tone="blue">Parent</Badge>;
  return isUnallocated(account) ? <Badge tone="amber">Unallocated</Badge> : <Badge tone="green">Allocated</Badge>;
}

export function VaTableHead() {
  return (
    <ListHead
      padding="px-3 py-2.5 sm:px-5"
      columns={["Account", wideOnly("Holder"), "State", wideOnly("Client reference"), wideOnly("Currency"), { label: "Balance", align: "right" }]}
    />
  );
}

export function VaTableSkeleton({ rows }: { rows: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, i) => (
        <tr key={i} className={ROW}>
          <td className={TD}>
            <Skeleton className="h-4 w-44" />
            <Skeleton className="mt-1.5 h-3 w-28" />
          </td>
          <td className={WIDE_TD}>
            <Skeleton className="h-4 w-32" />
          </td>
          <td className={TD}>
            <Skeleton className="h-5 w-20" />
          </td>
          <td className={WIDE_TD}>
            <Skeleton className="h-4 w-24" />
          </td>
          <td className={WIDE_TD}>
            <Skeleton className="h-4 w-10" />
          </td>
          <td className={TD}>
            <Skeleton className="ml-auto h-4 w-24" />
          </td>
        </tr>
      ))}
    </>
  );
}

export function VaRow({ account }: { account: TVirtualAccount }) {
  const unallocated = isUnallocated(account);
  const href = isVirtual(account)
    ? `/virtual-accounts/${encodeURIComponent(account.virtualAccountNumber)}`
    : `/accounts/${encodeURIComponent(account.virtualAccountNumber)}`;
  return (
    <tr className={`${ROW} hover:bg-slate-50 dark:hover:bg-slate-800/50`}>
      <td className={TD}>
        <Link href={href} className="block font-medium text-slate-900 hover:text-brand-700 hover:underline dark:text-slate-100 dark:hover:text-brand-300">
          {unallocated ? <span className="text-slate-600 italic dark:text-slate-400">Not yet allocated</span> : account.accountName}
        </Link>
        <span className="tabular font-mono text-xs text-slate-600 dark:text-slate-400">{account.virtualAccountNumber}</span>
      </td>
      <td className={WIDE_TD}>
        <span className="block max-w-56 truncate text-slate-900 dark:text-slate-100">{unallocated ? "—" : account.accountHolderName}</span>
        <span className="text-xs text-slate-600 dark:text-slate-400">
          {isVirtual(account) ? (account.accountHolderType ?? "Individual") : account.category}
        </span>
      </td>
      <td className={TD}>
        <VaStateBadge account={account} />
      </td>
      <td className={`${WIDE_TD} font-mono text-xs text-slate-700 dark:text-slate-300`}>
        {account.clientReference ?? <span className="text-slate-500 dark:text-slate-400">—</span>}
      </td>
      <td className={`${WIDE_TD} font-mono text-slate-700 dark:text-slate-300`}>{account.currency}</td>
      <td className={`${TD} tabular text-right font-medium whitespace-nowrap text-slate-900 dark:text-slate-100`}>
        <span className="block text-xs font-normal text-slate-600 sm:hidden dark:text-slate-400">{account.currency}</span>
        {formatAmount(account.balance.amount, account.balance.currency)}
      </td>
    </tr>
  );
}
