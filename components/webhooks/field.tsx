import type { ReactNode } from "react";

export const inputClass =
  "block h-9 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs placeholder:text-slate-500 focus:border-brand-600 aria-invalid:border-red-600 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400 dark:aria-invalid:border-red-400";

export const labelClass = "mb-1.5 block text-sm font-medium text-slate-800 dark:text-slate-200";

export function FieldError({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-red-700 dark:text-red-400">
      {children}
    </p>
  );
}

export function Hint({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1.5 text-xs text-slate-600 dark:text-slate-400">
      {children}
    </p>
  );
}

/** A polite live region for "done" messages after an action. */
export function Notice({ children, tone = "green" }: { children: ReactNode; tone?: "green" | "red" }) {
  return (
    <p
      className={
        tone === "green"
          ? "rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
          : "rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
      }
    >
      {children}
    </p>
  );
}
