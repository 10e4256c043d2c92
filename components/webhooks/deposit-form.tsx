"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { FieldMessage, inputClass, labelClass } from "@/components/ui/form";
import { Notice } from "@/components/ui/notice";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/state-message";
import type { DepositOutcome } from "@/components/webhooks/deposit-result";
import { placeApiErrorsOrReport } from "@/lib/portal/shared/field-errors";
import { ZDepositForm } from "@/lib/portal/webhooks/deposit-form";
import { webhookKeys } from "@/lib/portal/shared/query-keys";
import { createSandboxDeposit, fetchDepositTargets, fetchSubscriptions, type DepositTarget } from "@/lib/portal/webhooks/webhooks-api";

type FormInput = z.input<typeof ZDepositForm>;
type FormOutput = z.output<typeof ZDepositForm>;

const FIELDS = new Set(["accountNumber", "amount", "transactionType", "transactionDetails"]);
const optional = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

function targetOption(t: DepositTarget) {
  return (
    <option key={t.accountNumber} value={t.accountNumber} disabled={!t.active}>
      {`${t.label} · ${t.accountNumber} · ${t.currency}${t.active ? "" : " (inactive)"}`}
    </option>
  );
}

/**
 * The sandbox deposit (POST /v1/sandbox/deposits, UAT only): an account of the client and an amount in its
 * currency, checked with the API's rules before it is sent; then who will be told.
 */
export function DepositForm({ onDeposited }: { onDeposited: (outcome: DepositOutcome) => void }) {
  const targets = useQuery({ queryKey: webhookKeys.sandboxTargets(), queryFn: ({ signal }) => fetchDepositTargets(signal) });
  const [serverError, setServerError] = useState<Error | null>(null);

  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(ZDepositForm),
    defaultValues: { accountNumber: "", amount: "", currency: "", transactionType: "ACH", transactionDetails: "" },
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;
  const accountNumber = useWatch({ control: form.control, name: "accountNumber" });
  const currency = useWatch({ control: form.control, name: "currency" });
  const all = [...(targets.data?.accounts ?? []), ...(targets.data?.virtualAccounts ?? [])];
  const accountField = form.register("accountNumber", {
    onChange: (event: React.ChangeEvent<HTMLSelectElement>) => {
      const target = all.find((t) => t.accountNumber === event.target.value);
      form.setValue("currency", target?.currency ?? "", { shouldValidate: form.formState.isSubmitted });
      if (form.getFieldState("amount").isTouched) void form.trigger("amount");
    },
  });

  const deposit = useMutation({
    mutationFn: async (values: FormOutput): Promise<DepositOutcome> => {
      const made = await createSandboxDeposit(values);
      // Who will be told: the active Deposits subscriptions at the time of the deposit (the other topics hear nothing of it).
      const list = made.notificationsQueued > 0 ? await fetchSubscriptions({ pageStart: 1, pageSize: 500 }) : null;
      // Stamped here, in the request's callback, not while rendering (where a clock read is impure).
      return { deposit: made, subscriptions: (list?.data ?? []).filter((s) => s.isActive && s.topic === "Deposits"), at: Date.now() };
    },
  });

  const onSubmit = async (values: FormOutput) => {
    setServerError(null);
    try {
      onDeposited(await deposit.mutateAsync(values));
    } catch (error) {
      // The API's field errors on their controls (the one way: lib/portal/shared/field-errors.ts), anything else above the button.
      if (placeApiErrorsOrReport(form.setError, error, (field) => FIELDS.has(field)))
        setServerError(error instanceof Error ? error : new Error("The deposit failed."));
    }
  };

  const describe = (name: string, hint?: boolean) =>
    [errors[name as keyof typeof errors] ? `${name}-error` : null, hint ? `${name}-hint` : null].filter(Boolean).join(" ") || undefined;

  return (
    <Card aria-labelledby="deposit-title" className="self-start">
      <CardHeader
        id="deposit-title"
        title="Simulate a deposit"
        description="Credits the account in UAT and raises the deposit event, exactly as a real incoming payment would."
      />
      {targets.isPending ? (
        <div className="space-y-5 px-5 py-4" aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <div key={i}>
              <Skeleton className="h-4 w-24" />
              <Skeleton className="mt-2 h-9 w-full" />
            </div>
          ))}
        </div>
      ) : targets.isError ? (
        <ErrorState title="Your accounts could not be loaded" error={targets.error} onRetry={() => void targets.refetch()} />
      ) : (
        <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-5 px-5 py-4">
          <div>
            <label htmlFor="accountNumber" className={labelClass}>
              To account
            </label>
            <select
              id="accountNumber"
              aria-invalid={errors.accountNumber ? true : undefined}
              aria-describedby={describe("accountNumber")}
              className={inputClass()}
              {...accountField}
            >
              <option value="">Choose an account…</option>
              <optgroup label="Accounts">{targets.data.accounts.map(targetOption)}</optgroup>
              {targets.data.virtualAccounts.length > 0 ? <optgroup label="Virtual accounts">{targets.data.virtualAccounts.map(targetOption)}</optgroup> : null}
            </select>
            <FieldMessage id="accountNumber-error">
              {errors.accountNumber ? (accountNumber ? errors.accountNumber.message : "Choose an account") : null}
            </FieldMessage>
            {targets.data.truncated ? <FieldMessage tone="hint">Only the first 1,000 of each list are offered.</FieldMessage> : null}
          </div>
          <div className="grid grid-cols-[1fr_6rem] gap-3">
            <div>
              <label htmlFor="amount" className={labelClass}>
                Amount
              </label>
              <input
                id="amount"
                inputMode="decimal"
                autoComplete="off"
                placeholder="For example 125.00"
                aria-invalid={errors.amount ? true : undefined}
                aria-describedby={describe("amount")}
                className={inputClass(false, "tabular text-right")}
                {...form.register("amount")}
              />
            </div>
            <div>
              <p className={labelClass} id="currency-label">
                Currency
              </p>
              <p
                aria-labelledby="currency-label"
                className="flex h-9 items-center rounded-md border border-slate-200 bg-slate-50 px-3 font-mono text-sm text-slate-800 dark:border-slate-800 dark:bg-slate-950 dark:text-slate-200"
              >
                {currency || "—"}
              </p>
            </div>
          </div>
          <FieldMessage id="amount-error">{errors.amount?.message}</FieldMessage>
          <div>
            <label htmlFor="transactionType" className={labelClass}>
              Transaction type <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
            </label>
            <input
              id="transactionType"
              autoComplete="off"
              aria-invalid={errors.transactionType ? true : undefined}
              aria-describedby={describe("transactionType")}
              className={inputClass()}
              {...form.register("transactionType", { setValueAs: optional })}
            />
            <FieldMessage id="transactionType-error">{errors.transactionType?.message}</FieldMessage>
          </div>
          <div>
            <label htmlFor="transactionDetails" className={labelClass}>
              Details <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
            </label>
            <input
              id="transactionDetails"
              autoComplete="off"
              placeholder="For example Invoice 42"
              maxLength={150}
              aria-invalid={errors.transactionDetails ? true : undefined}
              aria-describedby={describe("transactionDetails", true)}
              className={inputClass()}
              {...form.register("transactionDetails", { setValueAs: optional })}
            />
            <FieldMessage id="transactionDetails-error">{errors.transactionDetails?.message}</FieldMessage>
            <FieldMessage id="transactionDetails-hint" tone="hint">
              Up to 140 characters; sent in the webhook as transactionDetails.
            </FieldMessage>
          </div>
          {serverError ? (
            <div role="alert">
              <Notice tone="red">{serverError.message}</Notice>
            </div>
          ) : null}
          <Button type="submit" variant="primary" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? "Depositing…" : "Simulate deposit"}
          </Button>
        </form>
      )}
    </Card>
  );
}
