import type { ReactNode } from "react";

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
