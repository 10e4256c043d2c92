"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { confirmSecondFactor } from "@/app/(auth)/second-factor/actions";
import { Button, buttonClass } from "@/components/ui/button";
import { useHydrated } from "@/lib/portal/shared/use-hydrated";
import { describedBy, FormField, inputClass } from "@/components/ui/form";
import { RecoveryCodeList } from "@/components/auth/recovery-code-list";
import { ZEnrolmentConfirm, type TEnrolmentConfirmInput } from "@/lib/contract/auth/second-factor";

type Props = { qrDataUrl: string; secret: string; continueTo: string };

/**
 * Scan (or type) the secret, confirm with the app's first code, then the
 * recovery codes, shown this once: the server keeps only their hashes.
 */
export function EnrolmentForm({ qrDataUrl, secret, continueTo }: Props) {
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState, getValues } = useForm<TEnrolmentConfirmInput, unknown, { code: string }>({
    resolver: zodResolver(ZEnrolmentConfirm),
    defaultValues: { code: "" },
  });

  // Before React runs, the browser would send the form itself: a GET with the code in the address.
  const hydrated = useHydrated();

  const onSubmit = async () => {
    setServerError(null);
    const result = await confirmSecondFactor({ code: getValues("code") });
    if (result.ok) setRecoveryCodes(result.recoveryCodes);
    else setServerError(result.message);
  };

  if (recoveryCodes) {
    return (
      <section aria-labelledby="recovery-title" className="mt-6">
        <h2 id="recovery-title" className="text-base font-semibold" tabIndex={-1} ref={(el) => el?.focus()}>
          Your authenticator is set up. Save your recovery codes
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          If you lose your phone, each of these codes signs you in once instead of a code from the app. Keep them somewhere safe, away from your phone: this is
          the only time Harbour shows them.
        </p>
        <RecoveryCodeList codes={recoveryCodes} />
        <a href={continueTo} className={buttonClass("primary", "mt-6 h-10 w-full justify-center")}>
          I have saved them, continue
        </a>
      </section>
    );
  }

  const error = formState.errors.code?.message ?? serverError ?? undefined;
  return (
    <div className="mt-6 space-y-5">
      <ol className="list-decimal space-y-4 pl-5 text-sm text-slate-700 dark:text-slate-300">
        <li>
          Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password…) and scan this code.
          {/* eslint-disable-next-line @next/next/no-img-element -- a data URL made on the server; nothing for the image optimiser to do */}
          <img
            src={qrDataUrl}
            width={200}
            height={200}
            alt="QR code that adds Harbour to your authenticator app"
            className="mt-3 rounded-md border border-slate-200 bg-white p-1"
          />
        </li>
        <li>
          Cannot scan? Choose “enter a setup key” in the app and type this key:
          <code
            data-testid="totp-secret"
            className="mt-2 block rounded-md bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900 dark:bg-slate-950 dark:text-slate-100"
          >
            {secret}
          </code>
        </li>
        <li>Enter the 6-digit code the app now shows for Harbour.</li>
      </ol>
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <FormField id="enrol-code" label="Code from your app" error={error}>
          <input
            {...describedBy("enrol-code", error)}
            {...register("code")}
            inputMode="numeric"
            autoComplete="one-time-code"
            className={inputClass(Boolean(error), "font-mono tracking-widest")}
          />
        </FormField>
        <Button type="submit" variant="primary" className="mt-2 h-10 w-full" disabled={!hydrated || formState.isSubmitting}>
          {formState.isSubmitting ? "Checking…" : "Turn on two-step sign-in"}
        </Button>
      </form>
    </div>
  );
}
