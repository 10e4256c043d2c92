import { cx } from "@/components/ui/cx";

/** A placeholder with the size of what is coming, so nothing jumps when data arrives. */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cx("block animate-pulse rounded bg-slate-200 dark:bg-slate-800", className)} />;
}
