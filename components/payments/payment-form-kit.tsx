"use client";

import type { ReactNode } from "react";
import type { RegisterOptions, UseFormRegisterReturn } from "react-hook-form";
import { AccountOptions } from "@/components/payments/account-options";
import { ApprovalForecast } from "@/components/approvals/approval-forecast";
import { PaymentResult, SubmissionNotice, SubmitActions } from "@/components/payments/submission-panel";
import type { PaymentAmount } from "@/lib/contract/approvals/policy";
import type { SubmissionPhase } from "@/components/payments/use-payment-submission";
import { Card, CardHeader } from "@/components/ui/card";
import { cx } from "@/components/ui/cx";
import { Counter, describedBy, Fieldset, FormField, inputClass } from "@/components/ui/form";
import type { TAccountSummary } from "@/lib/contract/accounts/schema";

/**
 * The payment forms' kit (ACH, SWIFT, internal transfer), over the portal's form kit (components/ui/form.tsx):
 * the form's frame, its controls (each a FormField whose id is `<prefix>-<name>`), the remittance lines with the
 * reference, and the summary beside the form with its quote rows, submit button and the bank's answer.
 */

/** What a form's controls need from usePaymentForm: the id prefix, react-hook-form's register, and the errors of a control. */
export type PaymentFields = {
  idPrefix: string;
  register: (path: string, options?: RegisterOptions) => UseFormRegisterReturn;
  /** The first error of `control`, of a request path shown on it (usePaymentForm's fieldControls), or of `more`. */
  err: (control: string, ...more: string[]) => string | undefined;
};

type ControlProps = {
  fields: PaymentFields;
  /** The id is `<prefix>-<name>`. */
  name: string;
  path: string;
  label: string;
  hint?: ReactNode;
  optional?: boolean;
  className?: string;
  /** Further paths whose error this control shows (an array's own rule on its first line). */
  alsoErrors?: readonly string[];
};

/** A text input; `inputClassName` styles it (font-mono, tabular), `decimal` asks for a numeric keyboard. */
export function PaymentTextField(props: ControlProps & { inputClassName?: string; decimal?: boolean; options?: RegisterOptions }) {
  const { fields, name, path, label, hint, optional, className, alsoErrors = [], inputClassName, decimal, options } = props;
  const id = `${fields.idPrefix}-${name}`;
  const error = fields.err(path, ...alsoErrors);
  return (
    <FormField id={id} label={label} hint={hint} error={error} optional={optional} className={className}>
      <input
        {...fields.register(path, options)}
        {...describedBy(id, error)}
        inputMode={decimal ? "decimal" : undefined}
        autoComplete="off"
        spellCheck={false}
        className={inputClass(!!error, cx(decimal && "tabular text-right", inputClassName))}
      />
    </FormField>
  );
}

/** The amount: a decimal keyboard and right-aligned figures; the label names the currency once an account is chosen. */
export function AmountField({ fields, path = "instructedAmount.amount", alsoErrors, currency, label = "Amount", hint }: AmountProps) {
  const labelled = currency ? `${label} (${currency})` : label;
  return <PaymentTextField fields={fields} name="amount" path={path} alsoErrors={alsoErrors} label={labelled} hint={hint} decimal />;
}

type AmountProps = { fields: PaymentFields; path?: string; alsoErrors?: readonly string[]; currency: string; label?: string; hint: string };

/** A select over `children` (options), or over the accounts when `accounts` is given (then the full row's width). */
export function PaymentSelectField(props: ControlProps & { accounts?: readonly TAccountSummary[]; children?: ReactNode }) {
  const { fields, name, path, label, hint, optional, accounts, className = accounts ? "sm:col-span-2" : undefined, alsoErrors = [], children } = props;
  const id = `${fields.idPrefix}-${name}`;
  const error = fields.err(path, ...alsoErrors);
  return (
    <FormField id={id} label={label} hint={hint} error={error} optional={optional} className={className}>
      <select {...fields.register(path)} {...describedBy(id, error)} className={inputClass(!!error)}>
        {accounts ? <AccountOptions accounts={accounts} /> : children}
      </select>
    </FormField>
  );
}

/**
 * The remittance lines (35 characters each; the array's own rule, "at least 1 line", shows on the first) and the
 * client's reference (instructionIdentification), which the bank keeps unique for 24 hours.
 */
export function RemittanceFieldset(props: {
  fields: PaymentFields;
  legend: string;
  description: string;
  lines: number;
  values: readonly string[] | undefined;
  /** Every line optional (a transfer's note); otherwise the first is required. */
  allOptional?: boolean;
  /** "payment" or "transfer": what the bank refuses a second of. */
  noun: string;
}) {
  const { fields, legend, description, lines, values, allOptional, noun } = props;
  return (
    <Fieldset legend={legend} description={description}>
      {Array.from({ length: lines }, (_, i) => (
        <PaymentTextField
          key={i}
          fields={fields}
          name={`remittance-${i}`}
          path={`remittanceInformation.${i}`}
          label={`Line ${i + 1}`}
          optional={allOptional || i > 0}
          alsoErrors={i === 0 ? ["remittanceInformation"] : []}
          hint={<Counter value={values?.[i]} max={35} />}
        />
      ))}
      <PaymentTextField
        fields={fields}
        name="reference"
        path="instructionIdentification"
        label="Your reference (instruction id)"
        hint={`Up to 16 characters. The bank refuses a second ${noun} with the same reference for 24 hours.`}
        className="sm:col-span-2"
        inputClassName="font-mono sm:max-w-64"
      />
    </Fieldset>
  );
}

/** What the frame needs from usePaymentForm: the submission's state, and how to start the next payment. */
export type PaymentFrame = {
  idPrefix: string;
  phase: SubmissionPhase;
  busy: boolean;
  retry: () => void;
  startOver: () => void;
  /** The execution date of the day chosen under "Pay on", when it is a later one: the result says when it is made. */
  scheduledFor: string | null;
};

type SummaryText = {
  /** The aside's accessible name ("Summary", "Quote"). */
  label: string;
  title: string;
  description?: string;
  /** The rows' test id, when a spec reads the quote. */
  testId?: string;
  /** The rows change as the user types: announce them. */
  live?: boolean;
  /** The timing rule under the rows; its id (`<prefix>-form-note`) describes the form. */
  note: string;
  submitLabel?: string;
};

/**
 * A payment form: its fieldsets in a card; beside them (on a wide screen) the summary's rows, the timing rule, submit and
 * cancel, and the bank's answer when it is not a success; the result in place of the form once the bank accepts.
 */
export function PaymentFormFrame(props: {
  frame: PaymentFrame;
  onSubmit: () => void;
  summary: SummaryText;
  rows: ReactNode;
  /** The rail, currency and amount a policy would judge: the form says before submit when it needs approval. */
  approval?: PaymentAmount | null;
  children: ReactNode;
}) {
  const { frame, onSubmit, summary, rows, approval, children } = props;
  if (frame.phase.kind === "done") return <PaymentResult phase={frame.phase} onNew={frame.startOver} scheduledFor={frame.scheduledFor} />;
  const noteId = `${frame.idPrefix}-form-note`;
  return (
    <form onSubmit={onSubmit} noValidate aria-describedby={noteId} className="grid items-start gap-6 lg:grid-cols-3">
      <Card className="lg:col-span-2">{children}</Card>
      <aside className="space-y-4 lg:sticky lg:top-20" aria-label={summary.label}>
        <Card>
          <CardHeader title={summary.title} description={summary.description} />
          <dl className="space-y-2 px-5 py-4 text-sm" aria-live={summary.live ? "polite" : undefined} data-testid={summary.testId}>
            {rows}
          </dl>
          <ApprovalForecast subject={approval ?? null} />
          <SubmitActions noteId={noteId} note={summary.note} busy={frame.busy} label={summary.submitLabel} />
        </Card>
        <div aria-live="polite">
          <SubmissionNotice phase={frame.phase} onRetry={frame.retry} onNew={frame.startOver} />
        </div>
      </aside>
    </form>
  );
}

/** One line of the summary: a label and its value, right-aligned; `strong` for the total. */
export function SummaryRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className={cx("tabular text-right", strong && "font-semibold")}>{value}</dd>
    </div>
  );
}

type QuoteFailure = { ok: false; reason: "amount" | "no-rate" | "too-small" };

/**
 * In place of a quote's rows, why there is none: no rate from `from` to `to` (the bank would refuse it), an amount
 * too small to convert, or no amount yet: then `enterAmount` says what the rows will show.
 */
export function QuoteMissing({
  term,
  quote,
  from,
  to,
  noun,
  enterAmount,
}: {
  term: string;
  quote: QuoteFailure | null;
  from: string;
  to: string;
  /** What the bank cannot make without a rate: "payment", "transfer". */
  noun: string;
  enterAmount: string;
}) {
  const reason = quote?.reason ?? "amount";
  return (
    <div>
      <dt className="sr-only">{term}</dt>
      <dd className="text-slate-600 dark:text-slate-400">
        {reason === "no-rate"
          ? `No rate from ${from} to ${to} is configured, so the bank cannot make this ${noun}.`
          : reason === "too-small"
            ? `This amount converts to nothing in ${to}.`
            : enterAmount}
      </dd>
    </div>
  );
}
