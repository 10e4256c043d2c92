import type { HTMLAttributes, ReactNode } from "react";
import { cx } from "@/components/ui/cx";

export function Card({ className, ...props }: HTMLAttributes<HTMLElement>) {
  return <section className={cx("rounded-xl border border-slate-200 bg-white shadow-xs dark:border-slate-800 dark:bg-slate-900", className)} {...props} />;
}

export function CardHeader({ title, description, actions, id }: { title: string; description?: ReactNode; actions?: ReactNode; id?: string }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-5 py-4 dark:border-slate-800">
      <div className="min-w-0">
        <h2 id={id} className="text-sm font-semibold text-slate-900 dark:text-slate-100">
          {title}
        </h2>
        {description ? <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">{description}</p> : null}
      </div>
      {actions ? <div className="flex max-w-full shrink-0 flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}
