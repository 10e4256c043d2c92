"use client";

import { useEffect, useMemo, useRef } from "react";
import { useForm, type DefaultValues, type Path, type PathValue } from "react-hook-form";
import type { z } from "zod";
import { useDefaultDebtor, usePayableAccounts } from "@/components/payments/use-payable-accounts";
import { usePaymentSubmission } from "@/components/payments/use-payment-submission";
import type { TRail } from "@/lib/contract/payments/schema";
import { placeApiErrors } from "@/lib/portal/shared/field-errors";
import { revalidateChangesAfterSubmit } from "@/lib/portal/shared/revalidate-after-submit";
import { requestResolver, type CurrencyOf } from "@/lib/portal/payments/payment-forms";

type WithDebtor = { debtorAccount: { identification: string } };

/**
 * What both payment forms set up alike: the payable accounts, the submission
 * (one Idempotency-Key per form), and react-hook-form validating the mapped
 * request with the API's own schema, its debtor kept on a payable account and
 * the API's field errors shown on their controls.
 */
export function usePaymentForm<F extends WithDebtor, R>(options: {
  rail: TRail;
  /** Only accounts in these currencies can pay (all when absent). */
  currencies?: readonly string[];
  schema: z.ZodType<R>;
  toRequest: (values: F, currencyOf: CurrencyOf) => unknown;
  /** A server 400's `field` that stands for a control of another name. */
  serverFieldAliases?: Readonly<Record<string, string>>;
  defaultValues: DefaultValues<F>;
}) {
  const { query, accounts, currencyOf } = usePayableAccounts(options.currencies);
  const submission = usePaymentSubmission(options.rail);
  // The resolver is made once; it reads the latest account list through this ref.
  const currencyRef = useRef(currencyOf);
  currencyRef.current = currencyOf;
  const { schema, toRequest } = options;
  const resolver = useMemo(() => requestResolver<F, R>(schema, (values) => toRequest(values, (n) => currencyRef.current(n))), [schema, toRequest]);
  // Before the first submit a field is checked when left; after it, the whole form on every change (see revalidateChangesAfterSubmit).
  const form = useForm<F, unknown, R>({ resolver, mode: "onTouched", reValidateMode: "onSubmit", defaultValues: options.defaultValues });
  const { subscribe, trigger, setError: setFieldError } = form;
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
  const aliases = options.serverFieldAliases;
  useEffect(() => {
    if (phase.kind !== "rejected") return;
    placeApiErrors(setError, phase.error, (field) => getValues(field as Path<F>) !== undefined, aliases);
  }, [phase, getValues, setError, aliases]);
  return { query, accounts, submission, form };
}
