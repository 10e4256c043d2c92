"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Button, buttonClass } from "@/components/ui/button";
import { describedBy, FormField, inputClass } from "@/components/ui/form";
import { ZCodeForm, type TCodeForm, type TCodeFormInput } from "@/lib/contract/auth/second-factor";
import { setStepUpHandler, type ApiRequestError } from "@/lib/portal/shared/api-client";
import { readErrorBody } from "@/lib/portal/shared/read-json";

type Pending = { message: string; enrolmentRequired: boolean; resolve: (ok: boolean) => void };

/**
 * The step-up prompt: when an action answers 403 STEP_UP_REQUIRED (approving,
 * changing policies, revealing or rotating the signing secret), this dialog
 * asks for a code, proves it to /api/portal/step-up, and the action is
 * retried (lib/portal/shared/api-client.ts). Mounted once in the portal, and
 * once in the operations frame, which proves codes at its own route.
 */
export function StepUpPrompt({ proveAt = "/api/portal/step-up", enrolAt = "/security" }: { proveAt?: string; enrolAt?: string } = {}) {
  const [pending, setPending] = useState<Pending | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset, setFocus, getValues } = useForm<TCodeFormInput, unknown, TCodeForm>({
    resolver: zodResolver(ZCodeForm),
    defaultValues: { code: "" },
  });

  useEffect(() => {
    setStepUpHandler((error: ApiRequestError) => {
      const enrolmentRequired = error.body.enrolmentRequired === true;
      return new Promise<boolean>((resolve) => setPending({ message: error.message, enrolmentRequired, resolve }));
    });
    return () => setStepUpHandler(null);
  }, []);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (pending && !dialog.open) {
      dialog.showModal();
      if (!pending.enrolmentRequired) setFocus("code");
    } else if (!pending && dialog.open) dialog.close();
  }, [pending, setFocus]);

  const finish = (ok: boolean) => {
    pending?.resolve(ok);
    setPending(null);
    setServerError(null);
    reset({ code: "" });
  };

  // The server parses what was typed with the same schema.
  const onSubmit = async () => {
    setServerError(null);
    const values: TCodeFormInput = { code: getValues("code") };
    const response = await fetch(proveAt, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(values),
    });
    if (response.ok) return finish(true);
    const body = await readErrorBody(response);
    setServerError(body.message ?? "That code could not be checked. Try again.");
  };

  const error = formState.errors.code?.message ?? serverError ?? undefined;
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        finish(false);
      }}
      className="m-auto w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100"
    >
      {pending ? (
        <>
          <h2 id={titleId} className="text-base font-semibold">
            Confirm it is you
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{pending.message}</p>
          {pending.enrolmentRequired ? (
            <div className="mt-5 flex justify-end gap-2">
              <Button onClick={() => finish(false)}>Cancel</Button>
              <Link href={enrolAt} className={buttonClass("primary")} onClick={() => finish(false)}>
                Set up an authenticator
              </Link>
            </div>
          ) : (
            <form onSubmit={handleSubmit(onSubmit)} noValidate className="mt-4">
              <FormField id="step-up-code" label="Authentication code" hint="The 6-digit code your app shows now, or a recovery code." error={error}>
                <input
                  {...describedBy("step-up-code", error)}
                  {...register("code")}
                  inputMode="text"
                  autoComplete="one-time-code"
                  className={inputClass(Boolean(error), "font-mono tracking-widest")}
                />
              </FormField>
              <div className="mt-4 flex justify-end gap-2">
                <Button type="button" onClick={() => finish(false)}>
                  Cancel
                </Button>
                <Button type="submit" variant="primary" disabled={formState.isSubmitting}>
                  {formState.isSubmitting ? "Checking…" : "Confirm"}
                </Button>
              </div>
            </form>
          )}
        </>
      ) : null}
    </dialog>
  );
}
