"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { z } from "zod";
import { useForm, useWatch, type FieldError, type FieldValues, type UseFormSetError } from "react-hook-form";
import type { TVirtualAccountDetail } from "@/lib/contract/virtual-accounts/responses";
import type { TUpdateVirtualAccountV2 } from "@/lib/contract/virtual-accounts/schema";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/form";
import { Card, CardHeader } from "@/components/ui/card";
import { ApiRequestError } from "@/lib/portal/shared/api-client";
import { virtualAccountKeys } from "@/lib/portal/shared/query-keys";
import {
  allocationDefaults,
  ZAllocationForm,
  ZClientReferenceForm,
  type AllocationValues,
  setOnceBody,
  ZSetOnceForm,
  type ClientReferenceValues,
  type SetOnceValues,
} from "@/lib/portal/virtual-accounts/va-allocation";
import { newIdempotencyKey, updateVirtualAccount } from "@/lib/portal/virtual-accounts/va-api";
import { apiFieldIssues, placeApiErrors } from "@/lib/portal/shared/field-errors";

/** A 400's fields on their controls (the one way: lib/portal/shared/field-errors.ts), the rest as the form's message. */
function applyServerError<T extends FieldValues>(setError: UseFormSetError<T>, error: unknown, known: (field: string) => boolean): string {
  const unplaced = placeApiErrors(setError, error, known);
  if (error instanceof ApiRequestError) {
    const reference = error.body.correlationId ? ` Reference ${error.body.correlationId}.` : "";
    return unplaced.length > 0 || apiFieldIssues(error).length === 0 ? `${error.message}${reference}` : `The bank refused some fields: see below.${reference}`;
  }
  return error instanceof Error ? error.message : "The change could not be saved.";
}

function useSaved(number: string) {
  const queryClient = useQueryClient();
  return (account: TVirtualAccountDetail) => {
    queryClient.setQueryData(virtualAccountKeys.detail(number), account);
    void queryClient.invalidateQueries({ queryKey: virtualAccountKeys.pages() });
  };
}

const ALLOCATION_FIELDS = new Set([
  "accountHolderType",
  "accountHolderName",
  "accountName",
  "taxIdentificationNumber",
  "countryOfResidence",
  "individual.dob",
  "individual.nationality",
  "individual.nativeLanguageName",
  "business.registeredAddress.addressLine1",
  "business.registeredAddress.addressLine2",
  "business.registeredAddress.city",
  "business.registeredAddress.postalCode",
  "business.registeredAddress.country",
  "business.dateOfIncorporation",
  "business.countryOfIncorporation",
]);

/**
 * Allocation of an UNALLOCATED account (PATCH /v2/virtual-accounts/{n}): the
 * names once, with the v2 holder rules. The rules show inline before submit
 * (the API's PATCH schema plus the allocation rules, through zodResolver).
 */
export function AllocationForm({ account }: { account: TVirtualAccountDetail }) {
  const form = useForm<AllocationValues, unknown, TUpdateVirtualAccountV2>({
    resolver: zodResolver(ZAllocationForm),
    defaultValues: allocationDefaults(account),
    mode: "onTouched",
  });
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [serverError, setServerError] = useState<string | null>(null);
  const saved = useSaved(account.virtualAccountNumber);
  const type = useWatch({ control: form.control, name: "accountHolderType" });
  const { errors, isSubmitting } = form.formState;
  const typeLocked = account.accountHolderType !== null;

  const onSubmit = async (body: TUpdateVirtualAccountV2) => {
    setServerError(null);
    try {
      saved(await updateVirtualAccount(account.virtualAccountNumber, body, idempotencyKey));
      setIdempotencyKey(newIdempotencyKey());
    } catch (error) {
      setServerError(applyServerError(form.setError, error, (f) => ALLOCATION_FIELDS.has(f)));
    }
  };

  return (
    <Card aria-labelledby="allocate-title">
      <CardHeader
        id="allocate-title"
        title="Allocate this account"
        description="Names and holder type are set once: after allocation they cannot be changed."
      />
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-5 px-5 py-4">
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">Holder type</legend>
          <div className="flex gap-4">
            {(["Individual", "Business"] as const).map((t) => (
              <label key={t} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  value={t}
                  disabled={typeLocked && account.accountHolderType !== t}
                  {...form.register("accountHolderType")}
                  className="size-4 accent-brand-700"
                />
                {t}
              </label>
            ))}
          </div>
          {typeLocked ? <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">Chosen when the account was created.</p> : null}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Account holder name" autoComplete="off" error={errors.accountHolderName} {...form.register("accountHolderName")} />
          <TextField label="Account name" autoComplete="off" error={errors.accountName} {...form.register("accountName")} />
          <TextField
            label="Tax identification number"
            autoComplete="off"
            error={errors.taxIdentificationNumber}
            {...form.register("taxIdentificationNumber")}
          />
          <TextField
            label="Country of residence"
            hint="Two letters (ISO 3166), for example BM"
            maxLength={2}
            error={errors.countryOfResidence}
            {...form.register("countryOfResidence")}
          />
        </div>
        {type === "Business" ? (
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-semibold text-slate-900 dark:text-slate-100">Registered address</legend>
            <TextField
              label="Address line 1"
              error={errors.business?.registeredAddress?.addressLine1 ?? (errors.business?.registeredAddress as FieldError | undefined)}
              {...form.register("business.registeredAddress.addressLine1")}
            />
            <TextField
              label="Address line 2 (optional)"
              error={errors.business?.registeredAddress?.addressLine2}
              {...form.register("business.registeredAddress.addressLine2")}
            />
            <TextField label="City" error={errors.business?.registeredAddress?.city} {...form.register("business.registeredAddress.city")} />
            <TextField label="Postal code" error={errors.business?.registeredAddress?.postalCode} {...form.register("business.registeredAddress.postalCode")} />
            <TextField
              label="Address country"
              hint="Two letters (ISO 3166), for example BM"
              maxLength={2}
              error={errors.business?.registeredAddress?.country}
              {...form.register("business.registeredAddress.country")}
            />
            <TextField
              label="Date of incorporation (optional)"
              type="date"
              error={errors.business?.dateOfIncorporation}
              {...form.register("business.dateOfIncorporation")}
            />
            <TextField
              label="Country of incorporation (optional)"
              hint="Two letters (ISO 3166), for example BM"
              maxLength={2}
              error={errors.business?.countryOfIncorporation}
              {...form.register("business.countryOfIncorporation")}
            />
          </fieldset>
        ) : (
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-semibold text-slate-900 dark:text-slate-100">Individual</legend>
            <TextField label="Date of birth" type="date" hint="At least 18 years ago." error={errors.individual?.dob} {...form.register("individual.dob")} />
            <TextField
              label="Nationality"
              hint="Two letters (ISO 3166), for example BM"
              maxLength={2}
              error={errors.individual?.nationality}
              {...form.register("individual.nationality")}
            />
            <TextField
              label="Native-language name (optional)"
              error={errors.individual?.nativeLanguageName}
              {...form.register("individual.nativeLanguageName")}
            />
          </fieldset>
        )}
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
          <p role="alert" className="min-h-5 text-sm text-red-700 dark:text-red-400">
            {serverError}
          </p>
          <Button type="submit" variant="primary" disabled={isSubmitting}>
            {isSubmitting ? "Allocating…" : "Allocate account"}
          </Button>
        </div>
      </form>
    </Card>
  );
}

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
      setMessage({ ok: false, text: applyServerError(form.setError, error, (f) => f === "clientReference") });
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
      setServerError(applyServerError(form.setError, error, (f) => f === "taxIdentificationNumber" || f === "countryOfResidence"));
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
