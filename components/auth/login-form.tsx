"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { signIn } from "next-auth/react";
import { forgetAccessToken } from "@/lib/portal/shared/api-client";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/lib/portal/shared/use-hydrated";
import { inputClass } from "@/components/ui/form";
import { ZSignIn, type TSignIn } from "@/lib/contract/auth/sign-in-schema";
import { safeReturnPath } from "@/lib/contract/auth/return-path";

function describeError(code: string): string {
  if (code.startsWith("locked")) {
    const seconds = Number(code.split(":")[1]);
    const minutes = Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds / 60)) : 15;
    return `Too many failed attempts. For your security, sign-in is paused for ${minutes} minute${minutes === 1 ? "" : "s"}.`;
  }
  if (code === "code-invalid") return "That code does not match. Enter the code your app shows now, or one of your recovery codes.";
  return "That email and password do not match. Check both and try again.";
}

export function LoginForm({ callbackUrl }: { callbackUrl: string | null }) {
  const [serverError, setServerError] = useState<string | null>(null);
  // After a right password, an account with an authenticator is asked for its code (the password is sent again with it).
  const [codeStep, setCodeStep] = useState(false);
  const { register, handleSubmit, formState, setFocus } = useForm<TSignIn>({
    resolver: zodResolver(ZSignIn),
    defaultValues: { email: "", password: "", code: "" },
  });
  const { errors, isSubmitting } = formState;
  // Before React runs, the browser would send the form itself: a GET with the password in the address.
  const hydrated = useHydrated();

  const onSubmit = async (values: TSignIn) => {
    setServerError(null);
    if (codeStep && !values.code?.trim()) {
      setServerError("Enter the code from your authenticator app.");
      return;
    }
    const result = await signIn("credentials", { ...values, code: codeStep ? values.code : "", redirect: false });
    if (result?.error === "code-needed") {
      setCodeStep(true);
      return;
    }
    if (!result || result.error) {
      setServerError(describeError(result?.error ?? "invalid"));
      if (result?.error === "code-invalid") setTimeout(() => setFocus("code"), 0);
      return;
    }
    // A full navigation, so the portal starts with the new session's data only,
    // and no token minted for whoever used this tab before.
    forgetAccessToken();
    window.location.assign(safeReturnPath(callbackUrl));
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5">
      {serverError ? (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          {serverError}
        </p>
      ) : null}
      <div>
        <label htmlFor="email" className="mb-1.5 block text-sm font-medium text-slate-800 dark:text-slate-200">
          Work email
        </label>
        <input
          id="email"
          type="email"
          autoComplete="username"
          autoFocus
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? "email-error" : undefined}
          className={inputClass()}
          {...register("email")}
        />
        {errors.email ? (
          <p id="email-error" className="mt-1.5 text-sm text-red-700 dark:text-red-400">
            {errors.email.message}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor="password" className="mb-1.5 block text-sm font-medium text-slate-800 dark:text-slate-200">
          Password
        </label>
        <input
          id="password"
          type="password"
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? "password-error" : undefined}
          className={inputClass()}
          {...register("password")}
        />
        {errors.password ? (
          <p id="password-error" className="mt-1.5 text-sm text-red-700 dark:text-red-400">
            {errors.password.message}
          </p>
        ) : null}
      </div>
      {codeStep ? (
        <div>
          <label htmlFor="code" className="mb-1.5 block text-sm font-medium text-slate-800 dark:text-slate-200">
            Authentication code
          </label>
          <input
            id="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            // It appears after a right password: the person's next keystroke is the code.
            autoFocus
            aria-describedby="code-hint"
            className={inputClass(false, "font-mono tracking-widest")}
            {...register("code")}
          />
          <p id="code-hint" className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">
            The 6-digit code your authenticator app shows for Harbour. Lost your phone? Enter one of your recovery codes.
          </p>
        </div>
      ) : null}
      <Button type="submit" variant="primary" className="h-10 w-full" disabled={!hydrated || isSubmitting}>
        {isSubmitting ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
