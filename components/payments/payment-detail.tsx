"use client";

import { humanize } from "@/lib/portal/shared/labels";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { CancelScheduled } from "@/components/payments/cancel-scheduled";
import { PaymentStatusBadge } from "@/components/payments/payment-status-badge";
import { PaymentTemplateActions } from "@/components/payment-templates/payment-template-actions";
import { SandboxStatusControl } from "@/components/payments/sandbox-status-control";
import { buttonClass } from "@/components/ui/button";
import { BackLink, DetailField } from "@/components/ui/detail";
import { Card, CardHeader } from "@/components/ui/card";
import { cx } from "@/components/ui/cx";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/state-message";
import type { TPaymentSummary } from "@/lib/contract/payments/search";
import { ApiRequestError } from "@/lib/portal/shared/api-client";
import { paymentTimeline, type TimelineStep } from "@/lib/portal/payments/payment-timeline";
import { CHARGES_LABELS, fetchPaymentSummary, RAIL_LABELS } from "@/lib/portal/payments/payment-search";
import { formatBankDate, formatBankDateTime } from "@/lib/contract/time/date-format";
import { formatMoney, formatRate } from "@/lib/contract/money-format";
import { paymentKeys } from "@/lib/portal/shared/query-keys";

const DOT: Record<TimelineStep["state"], string> = {
  done: "bg-emerald-600 ring-emerald-600 dark:bg-emerald-400 dark:ring-emerald-400",
  failed: "bg-red-600 ring-red-600 dark:bg-red-400 dark:ring-red-400",
  current: "bg-white ring-sky-600 dark:bg-slate-900 dark:ring-sky-400",
  upcoming: "bg-white ring-slate-300 dark:bg-slate-900 dark:ring-slate-600",
};

const STATE_LABEL: Record<TimelineStep["state"], string> = { done: "done", failed: "failed", current: "in progress", upcoming: "not yet" };

/** `2026-11-24` never breaks at its hyphens. */
function noBreakDates(text: string) {
  return text.split(/(\d{4}-\d{2}-\d{2})/).map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

function Timeline({ steps }: { steps: TimelineStep[] }) {
  return (
    <ol className="px-5 py-4" aria-label="Status timeline">
      {steps.map((step, i) => (
        <li key={step.key} className="relative flex gap-3 pb-5 last:pb-0" aria-current={step.state === "current" ? "step" : undefined}>
          {i < steps.length - 1 ? <span aria-hidden="true" className="absolute top-4 left-[5px] h-full w-px bg-slate-200 dark:bg-slate-700" /> : null}
          <span aria-hidden="true" className={cx("relative mt-1 size-3 shrink-0 rounded-full ring-2", DOT[step.state])} />
          <div className="min-w-0">
            <p className={cx("text-sm font-medium", step.state === "upcoming" ? "text-slate-600 dark:text-slate-400" : "text-slate-900 dark:text-slate-100")}>
              {step.label} <span className="sr-only">({STATE_LABEL[step.state]})</span>
            </p>
            <p className="text-sm text-pretty text-slate-600 dark:text-slate-400">{noBreakDates(step.detail)}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

function DetailSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading payment">
      <Skeleton className="h-7 w-72" />
      <Skeleton className="mt-2 h-4 w-48" />
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Skeleton className="h-[440px] rounded-xl lg:col-span-2" />
        <Skeleton className="h-64 rounded-xl" />
      </div>
    </div>
  );
}

/** `sandbox`: the uat sandbox's status control is shown (admins in uat). */
export function PaymentDetail({ paymentId, sandbox = false }: { paymentId: string; sandbox?: boolean }) {
  const query = useQuery({
    queryKey: paymentKeys.summary(paymentId),
    queryFn: async ({ signal }) => (await fetchPaymentSummary(paymentId, signal)).data,
    // A pending payment moves on its own (settlement run): look again now and then while the page is open.
    refetchInterval: (q) => (q.state.data?.status === "Pending" ? 30_000 : false),
  });

  if (query.isPending) return <DetailSkeleton />;
  if (query.isError) {
    const notFound = query.error instanceof ApiRequestError && query.error.status === 404;
    return (
      <Card>
        {notFound ? (
          <EmptyState
            title="No such payment"
            action={
              <Link href="/payments" className={buttonClass()}>
                Back to payments
              </Link>
            }
          >
            There is no payment {paymentId} for your organisation.
          </EmptyState>
        ) : (
          <ErrorState title="This payment could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
        )}
      </Card>
    );
  }
  const p: TPaymentSummary = query.data;
  const bank = [p.beneficiary.bankName, p.beneficiary.bankIdentification].filter(Boolean).join(" · ");
  return (
    <>
      <BackLink href="/payments">Payments</BackLink>
      <header className="mt-3 mb-4 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="flex items-center gap-3 text-xl font-semibold tracking-tight">
            {p.type === "INTERNAL" ? "Internal transfer" : `${p.type} payment`}{" "}
            {p.externalReference ? <span className="font-mono">{p.externalReference}</span> : null}
            <PaymentStatusBadge status={p.status} />
          </h1>
          <p className="mt-1 font-mono text-sm break-all text-slate-600 dark:text-slate-400">{p.transactionId}</p>
        </div>
        <div className="text-right">
          <p className="text-sm text-slate-600 dark:text-slate-400">Debit</p>
          <p className="tabular text-2xl font-semibold tracking-tight">{formatMoney(p.debitAmount.amount, p.debitAmount.currency)}</p>
          <p className="text-xs text-slate-600 dark:text-slate-400">value date {formatBankDate(p.valueDate)}</p>
        </div>
      </header>
      <div className="mb-6">
        <PaymentTemplateActions payment={p} />
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <Card aria-labelledby="payment-details" className="lg:col-span-2">
          <CardHeader id="payment-details" title="Details" />
          <dl className="divide-y divide-slate-200 dark:divide-slate-800">
            <DetailField label="Beneficiary">{p.beneficiary.name}</DetailField>
            <DetailField label="Beneficiary account" mono>
              {p.beneficiary.accountIdentification}
            </DetailField>
            <DetailField label="Beneficiary bank">{bank || "—"}</DetailField>
            <DetailField label="Debit account">
              <Link
                href={`/accounts/${encodeURIComponent(p.debtorAccount.identification)}`}
                className="font-mono text-brand-700 hover:underline dark:text-brand-300"
              >
                {p.debtorAccount.identification}
              </Link>
            </DetailField>
            <DetailField label="Submitted">{formatBankDateTime(p.submittedAt)}</DetailField>
            <DetailField label={p.approvedBy.length ? "Drafted by" : "Submitted by"}>{p.submittedBy?.email ?? "An API integration"}</DetailField>
            {p.approvedBy.length ? <DetailField label="Approved by">{p.approvedBy.map((a) => a.email).join(", ")}</DetailField> : null}
            <DetailField label="Payment id" mono>
              {p.transactionId}
            </DetailField>
            <DetailField label="Rail">{RAIL_LABELS[p.type]}</DetailField>
            <DetailField label="Status">{humanize(p.status)}</DetailField>
            {p.returnReason ? (
              <DetailField label="Returned by the beneficiary's bank">
                <span className="font-mono">{p.returnReason.code}</span> {p.returnReason.description}
              </DetailField>
            ) : null}
            <DetailField label="Your reference" mono>
              {p.externalReference ?? "—"}
            </DetailField>
            <DetailField label="Debit amount">{formatMoney(p.debitAmount.amount, p.debitAmount.currency)}</DetailField>
            <DetailField label="Credit amount">{formatMoney(p.creditAmount.amount, p.creditAmount.currency)}</DetailField>
            {p.chargesType ? (
              <>
                <DetailField label="Charges">{CHARGES_LABELS[p.chargesType]}</DetailField>
                <DetailField label="Charge">{formatMoney(p.charges.amount, p.charges.currency)}</DetailField>
                <DetailField label="Total debited">
                  {p.status === "Failed" ? "Nothing (the payment failed)" : formatMoney(p.totalDebited.amount, p.totalDebited.currency)}
                </DetailField>
              </>
            ) : null}
            <DetailField label="Exchange rate">
              {p.exchangeRate ? formatRate(p.exchangeRate, p.debitAmount.currency, p.creditAmount.currency) : "No conversion"}
            </DetailField>
            <DetailField label="Value date">{formatBankDate(p.valueDate)}</DetailField>
            <DetailField label="Remittance">
              {p.remittanceInformation.map((line, i) => (
                <span key={i} className="block">
                  {line}
                </span>
              ))}
            </DetailField>
          </dl>
        </Card>
        <div className="grid gap-6">
          <CancelScheduled payment={p} />
          <Card aria-labelledby="payment-timeline">
            <CardHeader id="payment-timeline" title="Status" description="As the bank reports it now." />
            <Timeline steps={paymentTimeline(p)} />
          </Card>
          {sandbox ? <SandboxStatusControl payment={p} /> : null}
        </div>
      </div>
    </>
  );
}
