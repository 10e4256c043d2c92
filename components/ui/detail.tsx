import Link from "next/link";
import type { ReactNode } from "react";
import { cx } from "@/components/ui/cx";

/** One labelled row of a detail page's description list. `mono` for ids and numbers, which may break anywhere. */
export function DetailField({ label, children, mono }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className="px-5 py-3 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className={cx("mt-0.5 text-sm text-slate-900 sm:col-span-2 sm:mt-0 dark:text-slate-100", mono && "font-mono break-all")}>{children}</dd>
    </div>
  );
}

/** A detail page's way back to its list. */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
      ← {children}
    </Link>
  );
}
