import Link from "next/link";
import type { ReactNode } from "react";
import { PaymentStatusBadge } from "@/components/payments/payment-status-badge";
import { Skeleton } from "@/components/ui/skeleton";
import type { TPaymentSummary } from "@/lib/contract/payments/search";
import { RAIL_LABELS } from "@/lib/portal/payments/payment-search";
import { formatBankDateTime } from "@/lib/portal/shared/date-format";
import { formatMoney } from "@/lib/portal/shared/money-format";
import { ListHead } from "@/components/ui/list-frame";

const TD = "px-4 py-2 align-middle";
export const PAYMENT_COLUMNS = 6;

/** `withAccount`: the debit account column, left out where the table is one account's. */
export function PaymentsTableHead({ withAccount = true }: { withAccount?: boolean }) {
  const right = (label: string) => ({ label, align: "right" as const });
  return <ListHead columns={["Submitted", "Beneficiary", ...(withAccount ? ["Debit account"] : []), right("Amount"), "Status", "Reference"]} />;
}

export function PaymentsSkeletonRows({ rows, withAccount = true }: { rows: number; withAccount?: boolean }) {
  return (
    <>
      {Array.from({ length: rows }, (_, i) => (
        <tr key={i} className="h-[57px]">
          {(withAccount ? ["w-28", "w-36", "w-24", "ml-auto w-24", "w-20", "w-28"] : ["w-28", "w-36", "ml-auto w-24", "w-20", "w-28"]).map((w, j) => (
            <td key={j} className={TD}>
              <Skeleton className={`h-4 ${w}`} />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

function Two({ top, bottom }: { top: ReactNode; bottom: ReactNode }) {
  return (
    <>
      <span className="block truncate text-slate-900 dark:text-slate-100">{top}</span>
      <span className="block truncate text-xs text-slate-600 dark:text-slate-400">{bottom}</span>
    </>
  );
}

export function PaymentSummaryRow({ p, withAccount = true }: { p: TPaymentSummary; withAccount?: boolean }) {
  return (
    <tr className="h-[57px] hover:bg-slate-50 dark:hover:bg-slate-800/50">
      <td className={`${TD} whitespace-nowrap`}>
        <Link href={`/payments/${encodeURIComponent(p.transactionId)}`} className="font-medium text-brand-700 hover:underline dark:text-brand-300">
          {formatBankDateTime(p.submittedAt)}
        </Link>
        <span className="block text-xs text-slate-600 dark:text-slate-400">{p.submittedBy?.email ?? "API"}</span>
      </td>
      <td className={`${TD} max-w-56`}>
        <Two
          top={p.beneficiary.name}
          bottom={`${p.beneficiary.accountIdentification}${p.beneficiary.bankIdentification ? ` · ${p.beneficiary.bankIdentification}` : ""}`}
        />
      </td>
      {withAccount ? <td className={`${TD} tabular whitespace-nowrap`}>{p.debtorAccount.identification}</td> : null}
      <td className={`${TD} tabular text-right whitespace-nowrap`}>
        <Two top={formatMoney(p.debitAmount.amount, p.debitAmount.currency)} bottom={RAIL_LABELS[p.type]} />
      </td>
      <td className={`${TD} whitespace-nowrap`}>
        <PaymentStatusBadge status={p.status} />
      </td>
      <td className={`${TD} max-w-48`}>
        <Two top={p.remittanceInformation[0] ?? "—"} bottom={p.externalReference ?? "\u00a0"} />
      </td>
    </tr>
  );
}
