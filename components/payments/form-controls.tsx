import type { ReactNode } from "react";
import { get, type FieldErrors, type FieldValues } from "react-hook-form";
import { Card } from "@/components/ui/card";
import { cx } from "@/components/ui/cx";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/state-message";

export const inputClass = (invalid: boolean, extra?: string) =>
  cx(
    "block h-9 w-full rounded-md border bg-white px-2.5 text-sm text-slate-900 shadow-xs placeholder:text-slate-400 disabled:bg-slate-50 disabled:text-slate-500 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-500 dark:disabled:bg-slate-900",
    invalid ? "border-red-600 dark:border-red-400" : "border-slate-300 dark:border-slate-700",
    extra,
  );

/**
 * The first message among the request paths a control stands for (an array's
 * own rule, "at least 1 line", sits on `.root` of its first line's control).
 */
export function errorAt<T extends FieldValues>(errors: FieldErrors<T>, ...paths: string[]): string | undefined {
  for (const path of paths) {
    const error = get(errors, path) as { message?: unknown; root?: { message?: unknown } } | undefined;
    if (typeof error?.message === "string") return error.message;
    if (typeof error?.root?.message === "string") return error.root.message;
  }
  return undefined;
}

type FieldProps = {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  className?: string;
  children: ReactNode;
};

/** Label, control, then one line for the hint or the error (reserved, so nothing jumps when an error appears). */
export function FormField({ id, label, hint, error, optional, className, children }: FieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 flex items-baseline justify-between gap-2 text-sm font-medium text-slate-800 dark:text-slate-200">
        <span>{label}</span>
        {optional ? <span className="text-xs font-normal text-slate-500 dark:text-slate-400">Optional</span> : null}
      </label>
      {children}
      <p id={`${id}-msg`} className={cx("mt-1 min-h-5 text-xs", error ? "text-red-700 dark:text-red-400" : "text-slate-600 dark:text-slate-400")}>
        {error ?? hint ?? "\u00a0"}
      </p>
    </div>
  );
}

/** aria props for a control whose FormField has this id. */
export function describedBy(id: string, error: string | undefined) {
  return { id, "aria-invalid": error ? true : undefined, "aria-describedby": `${id}-msg` } as const;
}

export function Fieldset({ legend, description, children }: { legend: string; description?: ReactNode; children: ReactNode }) {
  return (
    <div className="border-t border-slate-200 px-5 pt-4 pb-2 first:border-t-0 dark:border-slate-800">
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900 dark:text-slate-100">{legend}</legend>
        {description ? <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">{description}</p> : null}
        <div className="mt-3 grid gap-x-4 gap-y-1 sm:grid-cols-2">{children}</div>
      </fieldset>
    </div>
  );
}

/** "12/35 characters" under a length-limited field. */
export function Counter({ value, max }: { value: string | undefined; max: number }) {
  return <>{`${(value ?? "").length}/${max} characters`}</>;
}

function FormSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading the payment form" className="grid gap-6 lg:grid-cols-3">
      <Skeleton className="h-[640px] rounded-xl lg:col-span-2" />
      <Skeleton className="h-72 rounded-xl" />
    </div>
  );
}

/**
 * What a payment form shows instead of itself while its debit accounts load,
 * when they failed to, or when none can pay; null once it can render.
 */
export function accountsGate(
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown },
  payable: number,
  empty: { title: string; text: string },
): ReactNode {
  if (query.isPending) return <FormSkeleton />;
  if (query.isError) {
    return (
      <Card>
        <ErrorState title="Your accounts could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
      </Card>
    );
  }
  if (payable === 0) {
    return (
      <Card>
        <EmptyState title={empty.title}>{empty.text}</EmptyState>
      </Card>
    );
  }
  return null;
}
