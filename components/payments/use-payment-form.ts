"use client";

import { useEffect, useMemo, useRef } from "react";
import { useForm, useWatch, type DefaultValues, type Path, type PathValue } from "react-hook-form";
import type { z } from "zod";
import { useDefaultDebtor, usePayableAccounts } from "@/components/payments/use-payable-accounts";
import type { PaymentFields, PaymentFrame } from "@/components/payments/payment-form-kit";
import { usePaymentSubmission } from "@/components/payments/use-payment-submission";
import { useBankNow } from "@/components/system/use-bank-now";
import { errorAt } from "@/components/ui/form";
import type { TRail } from "@/lib/contract/payments/schema";
import { placeApiErrors } from "@/lib/portal/shared/field-errors";
import { revalidateChangesAfterSubmit } from "@/lib/portal/shared/revalidate-after-submit";
import { requestResolver, withExecutionDate, type CurrencyOf, type PayOnValue } from "@/lib/portal/payments/payment-forms";
import { payOnOf } from "@/lib/portal/payments/payment-schedule";

type WithDebtor = PayOnValue & { debtorAccount: { identification: string } };

/**
 * What the payment forms (ACH, SWIFT, internal) set up alike: the payable
 * accounts, the submission (one Idempotency-Key per form), and react-hook-form
 * validating the mapped request with the API's own schema, its debtor kept on
 * a payable account. Errors reach controls through one map: the form's own
 * check and the API's 400 both name request paths, and `fieldControls` says
 * which control shows a path that is not a control's own name. "Pay on" is
 * every rail's: the hook maps it onto the request (withExecutionDate) and
 * says what the chosen day gives (`payOn`, by the bank's clock and holidays).
 */
export function usePaymentForm<F extends WithDebtor, R>(options: {
  rail: TRail;
  /** Only accounts in these currencies can pay (all when absent). */
  currencies?: readonly string[];
  schema: z.ZodType<R>;
  toRequest: (values: F, currencyOf: CurrencyOf) => object;
  /** The bank's holidays (loadPaymentReference): a "Pay on" day that is one is made the next business day. */
  holidays: readonly string[];
  /** Request path -> the control that shows its errors, where the request names a field the form has no control for. */
  fieldControls?: Readonly<Record<string, string>>;
  /** The controls' id prefix ("ach": `ach-amount`, `ach-reference`, …). */
  idPrefix: string;
  defaultValues: DefaultValues<F>;
  /** The next payment's values after a result (the same debit account, a new reference). */
  nextValues: (current: F) => DefaultValues<F>;
}) {
  const { query, accounts, currencyOf } = usePayableAccounts(options.currencies);
  const submission = usePaymentSubmission(options.rail);
  // The resolver is made once; it reads the latest account list through this ref.
  const currencyRef = useRef(currencyOf);
  currencyRef.current = currencyOf;
  const { now } = useBankNow();
  const todayRef = useRef<string | null>(null);
  const { schema, toRequest } = options;
  const resolver = useMemo(
    () =>
      requestResolver<F, R>(schema, (values) =>
        withExecutionDate(
          toRequest(values, (n) => currencyRef.current(n)),
          values.requestedExecutionDate,
          todayRef.current,
        ),
      ),
    [schema, toRequest],
  );
  // Before the first submit a field is checked when left; after it, the whole form on every change (see revalidateChangesAfterSubmit).
  const form = useForm<F, unknown, R>({ resolver, mode: "onTouched", reValidateMode: "onSubmit", defaultValues: options.defaultValues });
  const { subscribe, trigger, setError: setFieldError } = form;
  const holidays = useMemo(() => new Set(options.holidays), [options.holidays]);
  const requested = useWatch({ control: form.control, name: "requestedExecutionDate" as Path<F> }) as string | undefined;
  const payOn = payOnOf(requested ?? "", now, holidays);
  todayRef.current = payOn.kind === "unknown" ? null : payOn.today;
  useEffect(() => revalidateChangesAfterSubmit({ subscribe, trigger, setError: setFieldError }), [subscribe, trigger, setFieldError]);
  const debtorPath = "debtorAccount.identification" as Path<F>;
  useDefaultDebtor(
    accounts,
    () => form.getValues(debtorPath) as string,
    (accountNumber) => form.setValue(debtorPath, accountNumber as PathValue<F, Path<F>>),
  );
  // A 400 that names a field goes on that field, like the form's own checks.
  const { phase } = submission;
  const { getValues, setError } = form;
  const controls = options.fieldControls ?? NO_CONTROLS;
  useEffect(() => {
    if (phase.kind !== "rejected") return;
    placeApiErrors(setError, phase.error, (field) => getValues(field as Path<F>) !== undefined, controls);
  }, [phase, getValues, setError, controls]);
  const errors = form.formState.errors;
  const err = (control: string, ...more: string[]) => errorAt(errors, control, ...Object.keys(controls).filter((path) => controls[path] === control), ...more);
  // The kit's controls take a path as text (`remittanceInformation.${i}`); each is one of F's paths.
  const fields: PaymentFields = { idPrefix: options.idPrefix, register: form.register as unknown as PaymentFields["register"], err };
  const frame: PaymentFrame = {
    idPrefix: options.idPrefix,
    phase,
    scheduledFor: payOn.kind === "later" ? payOn.executionDate : null,
    busy: submission.busy || form.formState.isSubmitting,
    retry: submission.retry,
    startOver: () => {
      submission.startOver();
      form.reset(options.nextValues(form.getValues()));
    },
  };
  /** The bank's clock, the holidays and what "Pay on" gives: the summary's dates are the rules of that day. */
  const schedule = { now, holidays, payOn };
  return { query, accounts, submission, form, fields, frame, schedule };
}

const NO_CONTROLS: Readonly<Record<string, string>> = {};
