"use client";

import { useEffect, useId, useRef, useState } from "react";
import { usePortalUser } from "@/components/portal-user";
import { Badge } from "@/components/ui/badge";
import { ChevronIcon } from "@/components/ui/icons";
import { ROLE_LABELS } from "@/lib/contract/auth/roles";
import { JSON_WRITE, markSigningOut } from "@/lib/portal/shared/api-client";
import { signOutOfPortal } from "@/lib/portal/shared/sign-out";

function initials(name: string): string {
  return name
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join("");
}

/** A disclosure, not an ARIA menu: its content is text plus one button, which Tab reaches naturally. */
export function UserMenu() {
  const user = usePortalUser();
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState<"this" | "everywhere" | null>(null);
  const [signOutError, setSignOutError] = useState<string | null>(null);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      trigger.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  const doSignOut = async (scope: "this" | "everywhere") => {
    setSigningOut(scope);
    setSignOutError(null);
    if (scope === "everywhere") {
      markSigningOut(true);
      // Ends every session of this user on the server (other devices too) before this cookie goes.
      const ended = await fetch("/api/portal/sessions", { method: "DELETE", headers: JSON_WRITE }).then(
        (r) => r.ok,
        () => false,
      );
      if (!ended) {
        markSigningOut(false);
        setSigningOut(null);
        setSignOutError("We could not sign out your other sessions. Check your connection and try again.");
        return;
      }
    }
    await signOutOfPortal();
  };

  return (
    <div ref={root} className="relative">
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className="flex items-center gap-2 rounded-md py-1 pr-1.5 pl-1 text-left hover:bg-slate-100 dark:hover:bg-slate-800"
      >
        <span
          aria-hidden="true"
          className="flex size-7 items-center justify-center rounded-full bg-brand-700 text-xs font-semibold text-white dark:bg-brand-500 dark:text-slate-950"
        >
          {initials(user.name)}
        </span>
        <span className="hidden leading-tight md:block">
          <span className="block text-sm font-medium text-slate-900 dark:text-slate-100">{user.name}</span>
          <span className="block text-xs text-slate-600 dark:text-slate-400">{ROLE_LABELS[user.role]}</span>
        </span>
        <span className="sr-only md:hidden">
          {user.name}, {ROLE_LABELS[user.role]}
        </span>
        <ChevronIcon className={open ? "-rotate-90 text-slate-500 transition-transform" : "rotate-90 text-slate-500 transition-transform"} />
      </button>
      {open ? (
        <div
          id={panelId}
          className="absolute right-0 z-30 mt-2 w-72 rounded-lg border border-slate-200 bg-white p-4 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <p className="text-sm font-medium text-slate-900 dark:text-slate-100">{user.name}</p>
          <p className="truncate text-sm text-slate-600 dark:text-slate-400">{user.email}</p>
          <dl className="mt-3 space-y-1.5 text-sm">
            <div className="flex justify-between gap-2">
              <dt className="text-slate-600 dark:text-slate-400">Role</dt>
              <dd>
                <Badge tone="brand">{ROLE_LABELS[user.role]}</Badge>
              </dd>
            </div>
            <div className="flex justify-between gap-2">
              <dt className="text-slate-600 dark:text-slate-400">Client</dt>
              <dd className="truncate text-right text-slate-900 dark:text-slate-100">{user.clientName}</dd>
            </div>
          </dl>
          <button
            type="button"
            onClick={() => doSignOut("this")}
            disabled={signingOut !== null}
            className="mt-4 w-full rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800"
          >
            {signingOut === "this" ? "Signing out…" : "Sign out"}
          </button>
          <button
            type="button"
            onClick={() => doSignOut("everywhere")}
            disabled={signingOut !== null}
            className="mt-2 w-full rounded-md px-3 py-2 text-sm font-medium text-slate-700 underline-offset-2 hover:underline disabled:opacity-60 dark:text-slate-300"
          >
            {signingOut === "everywhere" ? "Signing out everywhere…" : "Sign out of all sessions"}
          </button>
          {signOutError ? (
            <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
              {signOutError}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
