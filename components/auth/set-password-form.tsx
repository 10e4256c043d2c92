"use client";

import { ZPasswordSet } from "@/lib/contract/ops/console";
import { useEffect, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/lib/portal/shared/use-hydrated";
import { inputClass } from "@/components/ui/form";
import { ZSetPassword } from "@/lib/contract/ops/schema";
import { postConsole } from "@/lib/portal/operations/api";

/**
 * The page behind an invitation or reset link. The token is in the URL
 * fragment (never sent to a server by the browser); it is read here and
 * posted once with the new password.
 */
export function SetPasswordForm() {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<{ field: "password" | "confirm" | null; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // Before React runs, the browser would send the form itself: a GET with the password in the address.
  const hydrated = useHydrated();
  const [doneFor, setDoneFor] = useState<string | null>(null);

  useEffect(() => {
    // The fragment exists only in the browser, after hydration: reading it once on mount is the synchronisation.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setToken(new URLSearchParams(window.location.hash.slice(1)).get("token"));
    // The link is spent by the submit; keep it out of the history and of screenshots.
    window.history.replaceState(null, "", window.location.pathname);
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirm) return setError({ field: "confirm", message: "The two passwords differ." });
    const checked = ZSetPassword.safeParse({ token, password });
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      return setError({ field: issue.path[0] === "password" ? "password" : null, message: issue.message });
    }
    setBusy(true);
    setError(null);
    const result = await postConsole("/api/password-links", checked.data, ZPasswordSet);
    setBusy(false);
    if (result.ok) setDoneFor(result.data.email);
    else setError({ field: result.error.field === "password" ? "password" : null, message: result.error.message });
  };

  if (token === undefined) return <p aria-busy="true">Checking your link…</p>;
  if (doneFor) {
    return (
      <div role="status" className="space-y-4 text-sm">
        <p>Your password is set. Sign in as {doneFor}.</p>
        <a
          href="/login"
          className="inline-flex h-9 items-center rounded-md bg-brand-700 px-3.5 font-medium text-white hover:bg-brand-800 dark:bg-brand-500 dark:text-slate-950"
        >
          Go to sign in
        </a>
      </div>
    );
  }
  if (!token) return <p role="alert">This link is incomplete. Open the whole link you were given, or ask your bank for a new one.</p>;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {error && error.field === null ? (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          {error.message}
        </p>
      ) : null}
      <div>
        <label htmlFor="new-password" className="mb-1.5 block text-sm font-medium">
          New password
        </label>
        <input
          id="new-password"
          type="password"
          autoComplete="new-password"
          autoFocus
          className={inputClass()}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={error?.field === "password" ? true : undefined}
          aria-describedby="new-password-hint"
        />
        <p
          id="new-password-hint"
          className={`mt-1.5 text-sm ${error?.field === "password" ? "text-red-700 dark:text-red-400" : "text-slate-600 dark:text-slate-400"}`}
        >
          {error?.field === "password" ? error.message : "At least 12 characters. A few unrelated words make a strong one."}
        </p>
      </div>
      <div>
        <label htmlFor="confirm-password" className="mb-1.5 block text-sm font-medium">
          Repeat the password
        </label>
        <input
          id="confirm-password"
          type="password"
          autoComplete="new-password"
          className={inputClass()}
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          aria-invalid={error?.field === "confirm" ? true : undefined}
          aria-describedby={error?.field === "confirm" ? "confirm-error" : undefined}
        />
        {error?.field === "confirm" ? (
          <p id="confirm-error" className="mt-1.5 text-sm text-red-700 dark:text-red-400">
            {error.message}
          </p>
        ) : null}
      </div>
      <Button type="submit" variant="primary" disabled={!hydrated || busy} className="w-full">
        {busy ? "Saving…" : "Set password"}
      </Button>
    </form>
  );
}
