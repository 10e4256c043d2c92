"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import type { z } from "zod";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/form";
import { Card, CardHeader } from "@/components/ui/card";
import { updateErrorMessage, useSaved } from "@/components/virtual-accounts/va-update";
import type { TVirtualAccountDetail } from "@/lib/contract/virtual-accounts/responses";
import { ZClientReferenceForm, setOnceBody, ZSetOnceForm, type ClientReferenceValues, type SetOnceValues } from "@/lib/portal/virtual-accounts/va-allocation";
import { newIdempotencyKey, updateVirtualAccount } from "@/lib/portal/virtual-accounts/va-api";

/** clientReference is always changeable; empty clears it (null). */
export function ClientReferenceForm({ account }: { account: TVirtualAccountDetail }) {
  const form = useForm<ClientReferenceValues>({
    resolver: zodResolver(ZClientReferenceForm),
    defaultValues: { clientReference: account.clientReference ?? "" },
    mode: "onTouched",
  });
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const saved = useSaved(account.virtualAccountNumber);
  const { errors, isSubmitting, isDirty } = form.formState;

  const onSubmit = async ({ clientReference }: ClientReferenceValues) => {
    setMessage(null);
    try {
      const updated = await updateVirtualAccount(
        account.virtualAccountNumber,
        { clientReference: clientReference === "" ? null : clientReference },
        idempotencyKey,
      );
      saved(updated);
      form.reset({ clientReference: updated.clientReference ?? "" });
      setIdempotencyKey(newIdempotencyKey());
      setMessage({ ok: true, text: updated.clientReference ? "Client reference saved." : "Client reference cleared." });
    } catch (error) {
      setMessage({ ok: false, text: updateErrorMessage(form.setError, error, (f) => f === "clientReference") });
    }
  };

  return (
    <Card aria-labelledby="reference-title">
      <CardHeader
        id="reference-title"
        title="Client reference"
        description="Your own reference for this account (up to 35 characters). It can change at any time; leave it empty to clear it."
      />
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="flex flex-wrap items-start gap-3 px-5 py-4">
        <div className="min-w-56 flex-1">
          <TextField label="Client reference" autoComplete="off" error={errors.clientReference} {...form.register("clientReference")} />
        </div>
        <Button type="submit" className="mt-6" disabled={isSubmitting || !isDirty}>
          {isSubmitting ? "Saving…" : "Save reference"}
        </Button>
        <p
          role="status"
          className={`min-h-5 w-full text-sm ${message?.ok === false ? "text-red-700 dark:text-red-400" : "text-emerald-700 dark:text-emerald-400"}`}
        >
          {message?.text}
        </p>
      </form>
    </Card>
  );
}

/**
 * After allocation, an empty tax ID or country of residence can be set once
 * (then it is fixed like the names). Only the empty ones are offered.
 */
export function SetOnceForm({ account }: { account: TVirtualAccountDetail }) {
  const form = useForm<SetOnceValues, unknown, z.output<typeof ZSetOnceForm>>({
    resolver: zodResolver(ZSetOnceForm),
    defaultValues: { taxIdentificationNumber: "", countryOfResidence: "" },
    mode: "onTouched",
  });
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [serverError, setServerError] = useState<string | null>(null);
  const saved = useSaved(account.virtualAccountNumber);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = async (values: z.output<typeof ZSetOnceForm>) => {
    setServerError(null);
    try {
      saved(await updateVirtualAccount(account.virtualAccountNumber, setOnceBody(values), idempotencyKey));
      setIdempotencyKey(newIdempotencyKey());
    } catch (error) {
      setServerError(updateErrorMessage(form.setError, error, (f) => f === "taxIdentificationNumber" || f === "countryOfResidence"));
    }
  };

  return (
    <form
      onSubmit={form.handleSubmit(onSubmit)}
      noValidate
      aria-labelledby="set-once-title"
      className="border-t border-slate-200 px-5 py-4 dark:border-slate-800"
    >
      <h3 id="set-once-title" className="text-sm font-semibold text-slate-900 dark:text-slate-100">
        Not set yet
      </h3>
      <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">Each of these can be set once; after that it is fixed too.</p>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        {account.taxIdentificationNumber === null ? (
          <TextField
            label="Tax identification number"
            autoComplete="off"
            error={errors.taxIdentificationNumber}
            {...form.register("taxIdentificationNumber")}
          />
        ) : null}
        {account.countryOfResidence === null ? (
          <TextField
            label="Country of residence"
            hint="Two letters (ISO 3166), for example BM"
            maxLength={2}
            error={errors.countryOfResidence}
            {...form.register("countryOfResidence")}
          />
        ) : null}
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <p role="alert" className="min-h-5 text-sm text-red-700 dark:text-red-400">
          {serverError}
        </p>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : "Set once"}
        </Button>
      </div>
    </form>
  );
}
