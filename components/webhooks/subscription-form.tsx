"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { describedBy, FieldMessage, FormField, inputClass, labelClass } from "@/components/ui/form";
import { Notice } from "@/components/ui/notice";
import { placeApiErrorsOrReport } from "@/lib/portal/shared/field-errors";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { ApiRequestError } from "@/lib/portal/shared/api-client";
import { webhookKeys } from "@/lib/portal/shared/query-keys";
import { subscriptionFormSchema, toCreateSubscription, type SubscriptionForm, type SubscriptionFormInput } from "@/lib/portal/webhooks/webhook-form";
import { createSubscription } from "@/lib/portal/webhooks/webhooks-api";
import { MAX_CUSTOM_HEADERS, MAX_HEADER_NAME, MAX_HEADER_VALUE } from "@/lib/contract/http/custom-headers";
import type { TSubscription } from "@/lib/contract/webhooks/schema";
import { TOPIC_OPTIONS, TOPIC_WORDS } from "@/lib/portal/webhooks/topics";

const EMPTY: SubscriptionFormInput = { topic: "Deposits", callbackUrl: "", headers: [] };

type Props = { env: "uat" | "production"; onCreated: (subscription: TSubscription) => void };

/** Create a subscription: its topic, the URL and up to ten custom headers, every API rule checked inline. */
export function SubscriptionFormCard({ env, onCreated }: Props) {
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<TSubscription | null>(null);
  const [serverError, setServerError] = useState<ApiRequestError | Error | null>(null);
  // One key per body: resubmitting the same body after a lost response cannot create a second subscription.
  const idempotency = useRef<{ body: string; key: string } | null>(null);

  const form = useForm<SubscriptionFormInput, unknown, SubscriptionForm>({
    resolver: zodResolver(subscriptionFormSchema(env === "production")),
    defaultValues: EMPTY,
    mode: "onTouched",
  });
  const headers = useFieldArray({ control: form.control, name: "headers" });
  const { errors, isSubmitting } = form.formState;

  const mutation = useMutation({
    mutationFn: (values: SubscriptionForm) => {
      const body = toCreateSubscription(values);
      const text = JSON.stringify(body);
      if (idempotency.current?.body !== text) idempotency.current = { body: text, key: crypto.randomUUID() };
      return createSubscription(body, idempotency.current.key);
    },
    // The key is forgotten once the server has answered for good: a success, or a refusal the same body would get
    // again. Here, not in the submit handler, which is bound while rendering (where refs must not be touched).
    onSuccess: () => {
      idempotency.current = null;
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status < 500) idempotency.current = null;
    },
  });

  const onSubmit = async (values: SubscriptionForm) => {
    setServerError(null);
    setCreated(null);
    try {
      const subscription = await mutation.mutateAsync(values);
      setCreated(subscription);
      // The topic stays chosen: a second endpoint for the same events is the likelier next step.
      form.reset({ ...EMPTY, topic: values.topic });
      await queryClient.invalidateQueries({ queryKey: webhookKeys.subscriptions() });
      onCreated(subscription);
    } catch (error) {
      // The URL's refusal (a private address, say) goes on the URL field; anything else is the form's message.
      if (placeApiErrorsOrReport(form.setError, error, (field) => field === "callbackUrl")) {
        setServerError(error instanceof Error ? error : new Error("The subscription could not be created."));
      }
    }
  };

  const rootHeadersError = errors.headers?.root?.message ?? (errors.headers as { message?: string } | undefined)?.message;

  return (
    <Card aria-labelledby="new-subscription-title" className="w-full max-w-2xl self-start 2xl:max-w-none">
      <CardHeader id="new-subscription-title" title="New subscription" description="Each event of the topic you choose is posted to this URL, signed." />
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-5 px-5 py-4">
        <fieldset>
          <legend className={labelClass}>Topic</legend>
          <div className="grid gap-2 sm:grid-cols-2 2xl:grid-cols-1">
            {TOPIC_OPTIONS.map((option) => (
              <label
                key={option.topic}
                className="flex cursor-pointer items-start gap-2.5 rounded-md border border-slate-300 p-2.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 dark:border-slate-700 dark:has-[:checked]:border-brand-400 dark:has-[:checked]:bg-brand-900/30"
              >
                <input
                  type="radio"
                  value={option.topic}
                  aria-labelledby={`topic-${option.topic}-label`}
                  aria-describedby={`topic-${option.topic}-explanation`}
                  className="mt-0.5 accent-brand-700"
                  {...form.register("topic")}
                />
                <span className="min-w-0">
                  <span id={`topic-${option.topic}-label`} className="block font-medium text-slate-900 dark:text-slate-100">
                    {option.label}
                  </span>
                  <span id={`topic-${option.topic}-explanation`} className="block text-xs text-slate-600 dark:text-slate-400">
                    {option.explanation}
                  </span>
                  {/* The API's name of the topic: what the receiver sees in the body's "topic". */}
                  <span className="block font-mono text-[11px] text-slate-500 dark:text-slate-400">{option.topic}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {/* One reserved line for the hint or the error: a message appearing on blur must not move the button under the pointer. */}
        <FormField
          id="callbackUrl"
          label="Callback URL"
          error={errors.callbackUrl?.message}
          hint={
            env === "production"
              ? "https only; the host must resolve to a public address."
              : "http or https. In UAT, private and loopback addresses are allowed."
          }
        >
          <input
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="For example https://erp.example.com/hooks/harbour"
            className={inputClass(Boolean(errors.callbackUrl), "font-mono")}
            {...describedBy("callbackUrl", errors.callbackUrl?.message)}
            {...form.register("callbackUrl")}
          />
        </FormField>

        <fieldset aria-describedby="headers-hint">
          <legend className={labelClass}>Custom headers</legend>
          <FieldMessage id="headers-hint" tone="hint">
            Sent with every delivery, up to {MAX_CUSTOM_HEADERS}. Host, Content-Type, Content-Length, Authorization, Svc-* and hop-by-hop headers are set by the
            bank.
          </FieldMessage>
          {headers.fields.length > 0 ? (
            <ul className="mt-3 space-y-3">
              {headers.fields.map((field, index) => {
                const rowErrors = errors.headers?.[index];
                return (
                  <li key={field.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
                    <div>
                      <label htmlFor={`header-name-${index}`} className="sr-only">
                        Header {index + 1} name
                      </label>
                      <input
                        id={`header-name-${index}`}
                        placeholder="X-Client-Ref"
                        maxLength={MAX_HEADER_NAME + 10}
                        autoComplete="off"
                        spellCheck={false}
                        aria-invalid={rowErrors?.name ? true : undefined}
                        aria-describedby={rowErrors?.name ? `header-name-${index}-error` : undefined}
                        className={inputClass(false, "font-mono")}
                        {...form.register(`headers.${index}.name`)}
                      />
                      <FieldMessage id={`header-name-${index}-error`}>{rowErrors?.name?.message}</FieldMessage>
                    </div>
                    <div>
                      <label htmlFor={`header-value-${index}`} className="sr-only">
                        Header {index + 1} value
                      </label>
                      <input
                        id={`header-value-${index}`}
                        placeholder="value"
                        maxLength={MAX_HEADER_VALUE + 10}
                        autoComplete="off"
                        spellCheck={false}
                        aria-invalid={rowErrors?.value ? true : undefined}
                        aria-describedby={rowErrors?.value ? `header-value-${index}-error` : undefined}
                        className={inputClass(false, "font-mono")}
                        {...form.register(`headers.${index}.value`)}
                      />
                      <FieldMessage id={`header-value-${index}-error`}>{rowErrors?.value?.message}</FieldMessage>
                    </div>
                    <Button
                      variant="ghost"
                      className="px-2.5"
                      onClick={() => {
                        headers.remove(index);
                        void form.trigger("headers");
                      }}
                    >
                      <span aria-hidden="true">✕</span>
                      <span className="sr-only">Remove header {index + 1}</span>
                    </Button>
                  </li>
                );
              })}
            </ul>
          ) : null}
          <FieldMessage id="headers-error">{rootHeadersError}</FieldMessage>
          <div className="mt-3 flex items-center justify-between gap-3">
            <Button onClick={() => headers.append({ name: "", value: "" }, { shouldFocus: true })} disabled={headers.fields.length >= MAX_CUSTOM_HEADERS}>
              Add header
            </Button>
            <span className="tabular text-xs text-slate-600 dark:text-slate-400">
              {headers.fields.length} of {MAX_CUSTOM_HEADERS}
            </span>
          </div>
        </fieldset>

        <div aria-live="polite" className="empty:hidden">
          {created ? (
            <Notice>
              Subscribed <span className="font-mono break-all">{created.webhookUrl}</span> to {TOPIC_WORDS[created.topic].label.toLowerCase()}.
            </Notice>
          ) : null}
        </div>
        {serverError ? (
          <div role="alert">
            <Notice tone="red">
              {serverError.message}
              {serverError instanceof ApiRequestError && serverError.body.correlationId ? (
                <span className="mt-1 block font-mono text-xs">Reference {serverError.body.correlationId}</span>
              ) : null}
            </Notice>
          </div>
        ) : null}
        <Button type="submit" variant="primary" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? "Creating…" : "Create subscription"}
        </Button>
      </form>
    </Card>
  );
}
