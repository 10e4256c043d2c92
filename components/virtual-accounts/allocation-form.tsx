"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch, type FieldError } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/form";
import { Card, CardHeader } from "@/components/ui/card";
import { updateErrorMessage, useSaved } from "@/components/virtual-accounts/va-update";
import type { TVirtualAccountDetail } from "@/lib/contract/virtual-accounts/responses";
import type { TUpdateVirtualAccountV2 } from "@/lib/contract/virtual-accounts/schema";
import { allocationDefaults, ZAllocationForm, type AllocationValues } from "@/lib/portal/virtual-accounts/va-allocation";
import { newIdempotencyKey, updateVirtualAccount } from "@/lib/portal/virtual-accounts/va-api";

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
      setServerError(updateErrorMessage(form.setError, error, (f) => ALLOCATION_FIELDS.has(f)));
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
