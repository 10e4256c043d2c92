import Link from "next/link";
import type { ReactNode } from "react";
import { PaymentStatusBadge } from "@/components/payments/payment-status-badge";
import { Skeleton } from "@/components/ui/skeleton";
import type { TPaymentSummary } from "@/lib/contract/payments/search";
import { RAIL_LABELS } from "@/lib/portal/payments/payment-search";
import { formatBankDate, formatBankDateTime } from "@/lib/contract/time/date-format";
import { formatMoney } from "@/lib/contract/money-format";
import { cx } from "@/components/ui/cx";
import { ListHead, WIDE_ONLY, wideOnly } from "@/components/ui/list-frame";

const TD = "px-3 py-2 align-middle sm:px-4";
export const PAYMENT_COLUMNS = 6;

/**
 * `withAccount`: the debit account column, left out where the table is one account's. The columns that matter come
 * first (issue 24, item 4): beneficiary, amount and status; on a phone only the first two show, the submission time
 * under the beneficiary and the status under the amount, so a large amount (BMD 19,000,000.00) still fits 390 px.
 */
export function PaymentsTableHead({ withAccount = true }: { withAccount?: boolean }) {
  return (
    <ListHead
      padding="px-3 py-2.5 sm:px-4"
      columns={[
        wideOnly("Submitted"),
        "Beneficiary",
        { label: "Amount", align: "right" },
        wideOnly("Status"),
        ...(withAccount ? [wideOnly("Debit account")] : []),
        wideOnly("Reference"),
      ]}
    />
  );
}

export function PaymentsSkeletonRows({ rows, withAccount = true }: { rows: number; withAccount?: boolean }) {
  // The head's columns, in its order: [width, shown on a phone].
  const cells: Array<[string, boolean]> = [
    ["w-28", false],
    ["w-36", true],
    ["ml-auto w-24", true],
    ["w-20", false],
    ...(withAccount ? [["w-24", false] as [string, boolean]] : []),
    ["w-28", false],
  ];
  return (
    <>
      {Array.from({ length: rows }, (_, i) => (
        <tr key={i} className="h-[57px]">
          {cells.map(([w, phone], j) => (
            <td key={j} className={cx(TD, !phone && WIDE_ONLY)}>
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

/** The status, and a Scheduled payment's day (docs/scheduling.md): when it will be made, the next business day for a weekend or holiday. */
function PaymentState({ p }: { p: TPaymentSummary }) {
  return (
    <>
      <PaymentStatusBadge status={p.status} />
      {p.status === "Scheduled" && p.executionDate ? (
        <span className="block text-xs text-slate-600 dark:text-slate-400">for {formatBankDate(p.executionDate)}</span>
      ) : null}
    </>
  );
}

export function PaymentSummaryRow({ p, withAccount = true }: { p: TPaymentSummary; withAccount?: boolean }) {
  const href = `/payments/${encodeURIComponent(p.transactionId)}`;
  return (
    <tr className="h-[57px] hover:bg-slate-50 dark:hover:bg-slate-800/50">
      <td className={cx(TD, WIDE_ONLY, "whitespace-nowrap")}>
        <Link href={href} className="font-medium text-brand-700 hover:underline dark:text-brand-300">
          {formatBankDateTime(p.submittedAt)}
        </Link>
        <span className="block text-xs text-slate-600 dark:text-slate-400">{p.submittedBy?.email ?? "API"}</span>
      </td>
      <td className={`${TD} max-w-32 sm:max-w-56`}>
        {/* On a phone the submission column is hidden: the beneficiary links to the payment and the time is under it. */}
        <Link href={href} className="block truncate font-medium text-brand-700 hover:underline sm:hidden dark:text-brand-300">
          {p.beneficiary.name}
        </Link>
        <span className="hidden sm:block">
          <Two
            top={p.beneficiary.name}
            bottom={`${p.beneficiary.accountIdentification}${p.beneficiary.bankIdentification ? ` · ${p.beneficiary.bankIdentification}` : ""}`}
          />
        </span>
        <span className="block truncate text-xs text-slate-600 sm:hidden dark:text-slate-400">{formatBankDateTime(p.submittedAt)}</span>
      </td>
      <td className={`${TD} tabular text-right whitespace-nowrap`}>
        <span className="hidden sm:block">
          <Two top={formatMoney(p.debitAmount.amount, p.debitAmount.currency)} bottom={RAIL_LABELS[p.type]} />
        </span>
        <span className="block text-slate-900 sm:hidden dark:text-slate-100">{formatMoney(p.debitAmount.amount, p.debitAmount.currency)}</span>
        <span className="mt-0.5 block sm:hidden">
          <PaymentState p={p} />
        </span>
      </td>
      <td className={cx(TD, WIDE_ONLY, "whitespace-nowrap")}>
        <PaymentState p={p} />
      </td>
      {withAccount ? <td className={cx(TD, WIDE_ONLY, "tabular whitespace-nowrap")}>{p.debtorAccount.identification}</td> : null}
      <td className={cx(TD, WIDE_ONLY, "max-w-48")}>
        <Two top={p.remittanceInformation[0] ?? "—"} bottom={p.externalReference ?? "\u00a0"} />
      </td>
    </tr>
  );
}
