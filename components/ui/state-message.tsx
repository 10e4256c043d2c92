import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";

type Props = { title: string; children?: ReactNode; action?: ReactNode; className?: string };

export function EmptyState({ title, children, action, className }: Props) {
  return (
    <div className={cx("flex flex-col items-center justify-center px-6 py-12 text-center", className)}>
      <p className="text-sm font-medium text-slate-900 dark:text-slate-100">{title}</p>
      {children ? <div className="mt-1 max-w-md text-sm text-slate-600 dark:text-slate-400">{children}</div> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}

/** An error that says what failed, what to do, and the correlation id support will ask for. */
export function ErrorState({
  title = "This could not be loaded",
  error,
  onRetry,
  className,
}: {
  title?: string;
  error: unknown;
  onRetry?: () => void;
  className?: string;
}) {
  const message = error instanceof Error ? error.message : "Something went wrong.";
  const correlationId =
    error && typeof error === "object" && "body" in error && error.body && typeof error.body === "object" && "correlationId" in error.body
      ? String(error.body.correlationId)
      : null;
  return (
    <div role="alert" className={cx("flex flex-col items-center justify-center px-6 py-12 text-center", className)}>
      <p className="text-sm font-medium text-red-700 dark:text-red-400">{title}</p>
      <p className="mt-1 max-w-md text-sm text-slate-600 dark:text-slate-400">{message}</p>
      {correlationId ? <p className="mt-1 font-mono text-xs text-slate-500 dark:text-slate-400">Reference {correlationId}</p> : null}
      {onRetry ? (
        <Button className="mt-4" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
