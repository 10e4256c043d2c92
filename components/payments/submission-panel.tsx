"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { DraftedNotice } from "@/components/approvals/drafted-notice";
import { PaymentStatusBadge } from "@/components/payments/payment-status-badge";
import type { SubmissionPhase } from "@/components/payments/use-payment-submission";
import { Button, buttonClass } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { formatMoney, formatRate } from "@/lib/contract/money-format";
import { formatBankDate } from "@/lib/contract/time/date-format";

function Row({ label, children, mono }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-1.5 text-sm">
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className={cx("text-right text-slate-900 dark:text-slate-100", mono && "font-mono text-xs leading-5 break-all")}>{children}</dd>
    </div>
  );
}

const panel = (tone: "ok" | "bad" | "warn") =>
  cx(
    "rounded-xl border p-5",
    tone === "ok" && "border-emerald-300 bg-emerald-50/60 dark:border-emerald-800 dark:bg-emerald-950/40",
    tone === "bad" && "border-red-300 bg-red-50/60 dark:border-red-800 dark:bg-red-950/40",
    tone === "warn" && "border-amber-300 bg-amber-50/60 dark:border-amber-800 dark:bg-amber-950/40",
  );

/**
 * The bank's answer to a submitted payment: what happened, when it settles, where to follow it. A Scheduled one
 * (docs/scheduling.md) holds nothing yet: it says its day (`scheduledFor`, the form's "Pay on" execution date) instead.
 */
export function PaymentResult({
  phase,
  onNew,
  scheduledFor = null,
}: {
  phase: Extract<SubmissionPhase, { kind: "done" }>;
  onNew: () => void;
  scheduledFor?: string | null;
}) {
  const p = phase.payment;
  const d = p.details;
  const failed = p.status === "failed";
  const fx = p.linkedActivities.find((a) => a.type === "FxConversion");
  const charge = p.linkedActivities.find((a) => a.type === "Charge");
  // A transfer between the client's own accounts is Completed at once: nothing settles later, and the payee is the client.
  const transfer = d.settlementDetails.rail === "INTERNAL";
  const noun = transfer ? "Transfer" : "Payment";
  const scheduled = p.transactionStatus === "Scheduled";
  // The response has no execution date; an ACH payment or a transfer settles on its day, which is the fallback.
  const day = formatBankDate(scheduledFor ?? d.settlementDetails.settlementDate);
  return (
    <section aria-labelledby="result-title" role="status" className={panel(failed ? "bad" : "ok")}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="result-title" className="text-base font-semibold text-slate-900 dark:text-slate-50">
          {failed ? `${noun} failed` : scheduled ? `${noun} scheduled` : transfer ? "Transfer completed" : "Payment accepted"}
        </h2>
        <PaymentStatusBadge status={p.transactionStatus} />
      </div>
      {failed ? (
        <p className="mt-1 text-sm text-red-800 dark:text-red-300">
          {d.failureReason ? `${d.failureReason.message} ` : ""}Nothing was debited or credited: no money moved.
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {scheduled
            ? `Scheduled for ${day}: nothing is reserved until then; funds are checked on the day.`
            : transfer
              ? "Both balances changed together; the transfer is in the activity of both accounts."
              : `Funds are reserved now; the payment settles on ${formatBankDate(d.settlementDetails.settlementDate)}.`}
        </p>
      )}
      {phase.replayed ? (
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          This is the bank&apos;s first answer to this submission, replayed: nothing was paid twice.
        </p>
      ) : null}
      <dl className="mt-3 divide-y divide-slate-200/70 dark:divide-slate-700/60">
        {failed ? (
          // A refused payment moved nothing: the amount it asked for, never "Debited" (issue 24).
          <Row label="Amount asked">{formatMoney(d.instructedAmount.amount, d.instructedAmount.currency)}</Row>
        ) : (
          <>
            {scheduled ? <Row label="Made on">{day}</Row> : null}
            <Row label={scheduled ? "Expected settlement" : "Settlement date"}>{formatBankDate(d.settlementDetails.settlementDate)}</Row>
            <Row label={scheduled ? "To be debited" : "Debited"}>
              {formatMoney(d.settlementDetails.debitAmount.amount, d.settlementDetails.debitAmount.currency)}
            </Row>
            {transfer ? (
              <Row label={scheduled ? "To be credited" : "Credited"}>
                {formatMoney(d.settlementDetails.creditAmount.amount, d.settlementDetails.creditAmount.currency)}
              </Row>
            ) : (
              <Row label="Beneficiary receives">{formatMoney(d.instructedAmount.amount, d.instructedAmount.currency)}</Row>
            )}
            {fx?.exchangeRate && fx.convertedAmount ? (
              <Row label="Exchange rate">{formatRate(fx.exchangeRate, fx.amount.currency, fx.convertedAmount.currency)}</Row>
            ) : null}
            {charge ? <Row label="Charge">{formatMoney(charge.amount.amount, charge.amount.currency)}</Row> : null}
          </>
        )}
        {transfer ? <Row label="To account">{d.creditorAccount.identification}</Row> : <Row label="Beneficiary">{d.beneficiary.name}</Row>}
        <Row label="Reference">{d.extReference ?? "—"}</Row>
        <Row label="Payment id" mono>
          {p.id}
        </Row>
        <Row label="End-to-end id" mono>
          {p.uniqueIdentifier}
        </Row>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link href={`/payments/${encodeURIComponent(p.id)}`} className={buttonClass("primary")}>
          View payment status
        </Link>
        <Button onClick={onNew}>{transfer ? "Make another transfer" : "Make another payment"}</Button>
      </div>
    </section>
  );
}

/** Everything but success: retry with the same key, the existing payment for a duplicate, or the refusal. */
export function SubmissionNotice({ phase, onRetry, onNew }: { phase: SubmissionPhase; onRetry: () => void; onNew: () => void }) {
  if (phase.kind === "drafted") return <DraftedNotice draft={phase.draft} onNew={onNew} newLabel="New payment" className={panel("warn")} />;
  if (phase.kind === "retry") {
    return (
      <div role="alert" className={panel("warn")}>
        <p className="text-sm font-semibold text-amber-900 dark:text-amber-200">The payment could not be confirmed</p>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {phase.message} Retry sends the same instruction with the same idempotency key, so it is never paid twice.
        </p>
        <Button variant="primary" className="mt-3" onClick={onRetry}>
          Retry
        </Button>
      </div>
    );
  }
  if (phase.kind === "duplicate") {
    const e = phase.existing;
    return (
      <section role="alert" aria-labelledby="duplicate-title" className={panel("warn")}>
        <h2 id="duplicate-title" className="text-sm font-semibold text-amber-900 dark:text-amber-200">
          Already submitted: reference {phase.reference}
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          A payment with this reference was accepted in the last 24 hours, so the bank did not make a second one.
        </p>
        {e ? (
          <>
            <dl className="mt-3 divide-y divide-slate-200/70 dark:divide-slate-700/60">
              <Row label="Status">
                <PaymentStatusBadge status={e.status} />
              </Row>
              <Row label="Debit">{formatMoney(e.debitAmount.amount, e.debitAmount.currency)}</Row>
              <Row label="Value date">{formatBankDate(e.valueDate)}</Row>
              <Row label="Payment id" mono>
                {e.transactionId}
              </Row>
            </dl>
            <div className="mt-3 flex flex-wrap gap-2">
              <Link href={`/payments/${encodeURIComponent(e.transactionId)}`} className={buttonClass("primary")}>
                View existing payment
              </Link>
              <Button onClick={onNew}>Start a new payment</Button>
            </div>
          </>
        ) : (
          <>
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
              {phase.lookupFailed ? "The existing payment could not be looked up just now." : "It was not found among this account's recent payments."} Check
              the account&apos;s payments before paying again.
            </p>
            <Button className="mt-3" onClick={onNew}>
              Start a new payment
            </Button>
          </>
        )}
      </section>
    );
  }
  if (phase.kind === "rejected") {
    const { error } = phase;
    return (
      <div role="alert" className={panel("bad")}>
        <p className="text-sm font-semibold text-red-800 dark:text-red-300">
          {error.status === 403 ? "Your access does not allow this payment" : "The bank refused this payment"}
        </p>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {error.message}
          {error.body.field ? (
            <>
              {" "}
              (field <code className="font-mono text-xs">{error.body.field}</code>)
            </>
          ) : null}
        </p>
        {error.body.correlationId ? <p className="mt-1 font-mono text-xs text-slate-500 dark:text-slate-400">Reference {error.body.correlationId}</p> : null}
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">Nothing was paid. Correct the form and submit again.</p>
      </div>
    );
  }
  return null;
}

/** The foot of a payment form's summary card: its timing rule in a sentence, submit and cancel. */
export function SubmitActions({ noteId, note, busy, label = "Submit payment" }: { noteId: string; note: string; busy: boolean; label?: string }) {
  return (
    <>
      <p id={noteId} className="border-t border-slate-200 px-5 py-3 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
        {note} Submitting twice never pays twice.
      </p>
      <div className="border-t border-slate-200 px-5 py-4 dark:border-slate-800">
        <Button type="submit" variant="primary" className="w-full" disabled={busy} aria-disabled={busy}>
          {busy ? "Submitting…" : label}
        </Button>
        <Link href="/payments" className="mt-2 block text-center text-sm text-slate-600 hover:underline dark:text-slate-400">
          Cancel
        </Link>
      </div>
    </>
  );
}
