"use client";

import { SummaryRow, type PaymentFields } from "@/components/payments/payment-form-kit";
import { describedBy, FormField, inputClass } from "@/components/ui/form";
import { movedDayText, type PayOn } from "@/lib/portal/payments/payment-schedule";
import { formatBankDate } from "@/lib/contract/time/date-format";

/**
 * "Pay on" (docs/scheduling.md), the same on every rail: a native date input from today to a year ahead in bank time,
 * empty for today. A day the bank would refuse (typed past the picker's bounds) is said here before anything is sent.
 */
export function PayOnField({ fields, payOn, noun }: { fields: PaymentFields; payOn: PayOn; noun: string }) {
  const id = `${fields.idPrefix}-pay-on`;
  const bounds = payOn.kind === "unknown" ? null : payOn;
  const refused = bounds && payOn.kind === "refused" ? `Choose today or a day up to ${formatBankDate(bounds.last)}.` : undefined;
  const error = fields.err("requestedExecutionDate") ?? refused;
  const hint = movedDayText(payOn) ?? `Empty for today; a later day, up to a year ahead, schedules the ${noun}.`;
  return (
    <FormField id={id} label="Pay on" hint={hint} error={error} optional>
      <input
        {...fields.register("requestedExecutionDate")}
        {...describedBy(id, error)}
        type="date"
        min={bounds?.today}
        max={bounds?.last}
        className={inputClass(!!error, "tabular")}
      />
    </FormField>
  );
}

/**
 * The summary's "Pay on" rows: today, or the day the bank will make it (a weekend or holiday moved to the next business
 * day, said so), and that nothing is held until then; `settles` is the rail's date for that day ("Expected settlement").
 */
export function PayOnRows({ payOn, settles }: { payOn: PayOn; settles?: { label: string; date: string | null } }) {
  const moved = movedDayText(payOn);
  return (
    <>
      <SummaryRow label="Pay on" value={payOn.kind === "later" ? formatBankDate(payOn.executionDate) : payOn.kind === "unknown" ? "…" : "Today"} />
      {payOn.kind === "later" ? (
        <div>
          <dt className="sr-only">Scheduled</dt>
          <dd className="text-xs text-slate-600 dark:text-slate-400">
            {moved ? `${moved}. ` : ""}Nothing is reserved until then; funds are checked on the day.
          </dd>
        </div>
      ) : null}
      {settles ? <SummaryRow label={settles.label} value={settles.date ? formatBankDate(settles.date) : "…"} /> : null}
    </>
  );
}
