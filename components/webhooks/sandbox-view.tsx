"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { FieldMessage, inputClass, labelClass } from "@/components/ui/form";
import { Notice } from "@/components/ui/notice";
import { Badge, type Tone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/state-message";
import type { TDeposit } from "@/lib/contract/deposits/schema";
import { ApiRequestError } from "@/lib/portal/shared/api-client";
import { ZDepositForm } from "@/lib/portal/webhooks/deposit-form";
import { formatMoney } from "@/lib/portal/shared/money-format";
import { webhookKeys } from "@/lib/portal/shared/query-keys";
import { createSandboxDeposit, fetchAttempts, fetchDepositTargets, fetchSubscriptions, type DepositTarget } from "@/lib/portal/webhooks/webhooks-api";
import type { TSubscription } from "@/lib/contract/webhooks/schema";

type FormInput = z.input<typeof ZDepositForm>;
type FormOutput = z.output<typeof ZDepositForm>;

const TONE: Record<string, Tone> = { Pending: "amber", Succeeded: "green", Failed: "red", Waiting: "neutral" };
const WATCH_MS = 1_500;
const WATCH_FOR_MS = 90_000;
const optional = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** One subscription's delivery of the deposit, watched until it leaves Pending. */
function DeliveryWatch({ subscription, deposit, startedAt }: { subscription: TSubscription; deposit: TDeposit; startedAt: number }) {
  const watch = useQuery({
    queryKey: [...webhookKeys.attempts(subscription.subscriptionId, { pageStart: 1, pageSize: 25 }), "watch", deposit.transactionId],
    queryFn: ({ signal }) => fetchAttempts(subscription.subscriptionId, { pageStart: 1, pageSize: 25 }, signal),
    staleTime: 0,
    refetchInterval: (query) => {
      const mine = query.state.data?.data.find((a) => a.transactionId === deposit.transactionId);
      if (mine && mine.deliveryStatus !== "Pending") return false;
      return Date.now() - startedAt < WATCH_FOR_MS ? WATCH_MS : false;
    },
  });
  const mine = watch.data?.data.filter((a) => a.transactionId === deposit.transactionId) ?? [];
  const latest = mine[0];
  const status = latest?.deliveryStatus ?? "Waiting";
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3" data-testid="deposit-delivery">
      <span className="min-w-0 flex-1 font-mono text-[13px] break-all text-slate-900 dark:text-slate-100">{subscription.webhookUrl}</span>
      <span className="flex items-center gap-2 text-xs text-slate-700 dark:text-slate-300">
        <Badge tone={TONE[status] ?? "neutral"}>{status === "Waiting" ? "Queued" : status}</Badge>
        {latest ? (
          <span className="tabular">
            {latest.statusCode ?? "no answer"} · {latest.latencyMs} ms{mine.length > 1 ? ` · ${mine.length} attempts` : ""}
          </span>
        ) : (
          <span>waiting for the first attempt…</span>
        )}
      </span>
      <Link
        href={`/webhooks/subscriptions/${subscription.subscriptionId}?transaction=${encodeURIComponent(deposit.transactionId)}`}
        className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
      >
        Open delivery log<span className="sr-only"> of {subscription.webhookUrl}</span>
      </Link>
    </li>
  );
}

function targetOption(t: DepositTarget) {
  return (
    <option key={t.accountNumber} value={t.accountNumber} disabled={!t.active}>
      {`${t.label} · ${t.accountNumber} · ${t.currency}${t.active ? "" : " (inactive)"}`}
    </option>
  );
}

export function SandboxView() {
  const targets = useQuery({ queryKey: webhookKeys.sandboxTargets(), queryFn: ({ signal }) => fetchDepositTargets(signal) });
  const [result, setResult] = useState<{ deposit: TDeposit; subscriptions: TSubscription[]; at: number } | null>(null);
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
    mutationFn: async (values: FormOutput) => {
      const made = await createSandboxDeposit(values);
      // Who will be told: the active subscriptions at the time of the deposit.
      const list = made.notificationsQueued > 0 ? await fetchSubscriptions({ pageStart: 1, pageSize: 500 }) : null;
      // Stamped here, in the request's callback, not while rendering (where a clock read is impure).
      return { deposit: made, subscriptions: (list?.data ?? []).filter((s) => s.isActive), at: Date.now() };
    },
  });

  const onSubmit = async (values: FormOutput) => {
    setServerError(null);
    try {
      setResult(await deposit.mutateAsync(values));
    } catch (error) {
      const field = error instanceof ApiRequestError ? error.body.field : null;
      if (
        error instanceof ApiRequestError &&
        (field === "amount" || field === "accountNumber" || field === "transactionDetails" || field === "transactionType")
      ) {
        form.setError(field, { message: error.message }, { shouldFocus: true });
      } else {
        setServerError(error instanceof Error ? error : new Error("The deposit failed."));
      }
    }
  };

  const describe = (name: string, hint?: boolean) =>
    [errors[name as keyof typeof errors] ? `${name}-error` : null, hint ? `${name}-hint` : null].filter(Boolean).join(" ") || undefined;

  return (
    <div className="grid gap-6 xl:grid-cols-[26rem_1fr]">
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
                {targets.data.virtualAccounts.length > 0 ? (
                  <optgroup label="Virtual accounts">{targets.data.virtualAccounts.map(targetOption)}</optgroup>
                ) : null}
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

      <Card aria-labelledby="result-title" className="min-w-0 self-start">
        <CardHeader id="result-title" title="What happened" description="The deposit, then its delivery to each active subscription as it goes out." />
        <div className="px-5 py-4" aria-live="polite">
          {result ? (
            <div data-testid="deposit-result">
              <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm">
                <div className="col-span-2">
                  <dt className="text-xs text-slate-600 dark:text-slate-400">Transaction</dt>
                  <dd className="font-mono text-[13px] break-all text-slate-900 dark:text-slate-100">{result.deposit.transactionId}</dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-600 dark:text-slate-400">Credited</dt>
                  <dd className="tabular font-medium text-slate-900 dark:text-slate-100">{formatMoney(result.deposit.amount, result.deposit.currency)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-600 dark:text-slate-400">To</dt>
                  <dd className="font-mono text-[13px] text-slate-900 dark:text-slate-100">{result.deposit.accountNumber}</dd>
                </div>
                <div>
                  <dt className="text-xs text-slate-600 dark:text-slate-400">Available now</dt>
                  <dd className="tabular font-medium text-slate-900 dark:text-slate-100">
                    {formatMoney(result.deposit.availableBalance.amount, result.deposit.availableBalance.currency)}
                  </dd>
                </div>
              </dl>
              <h3 className="mt-5 text-sm font-semibold text-slate-900 dark:text-slate-100">
                {result.deposit.notificationsQueued === 0
                  ? "No webhook was sent"
                  : `${result.deposit.notificationsQueued} webhook${result.deposit.notificationsQueued === 1 ? "" : "s"} queued`}
              </h3>
              {result.deposit.notificationsQueued === 0 ? (
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                  There is no active Deposits subscription.{" "}
                  <Link href="/webhooks" className="font-medium text-brand-700 underline dark:text-brand-300">
                    Create one
                  </Link>{" "}
                  and deposit again.
                </p>
              ) : (
                <ul className="mt-1 divide-y divide-slate-200 dark:divide-slate-800">
                  {result.subscriptions.map((s) => (
                    <DeliveryWatch
                      key={`${result.deposit.transactionId}-${s.subscriptionId}`}
                      subscription={s}
                      deposit={result.deposit}
                      startedAt={result.at}
                    />
                  ))}
                </ul>
              )}
            </div>
          ) : (
            <p className="py-8 text-center text-sm text-slate-600 dark:text-slate-400">
              Nothing yet. Choose an account and an amount, then simulate a deposit.
            </p>
          )}
        </div>
      </Card>
    </div>
  );
}
