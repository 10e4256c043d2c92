import { cx } from "@/components/ui/cx";

const TONES: Record<string, string> = {
  GET: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200",
  POST: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  PATCH: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  PUT: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  DELETE: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
};

export function MethodBadge({ method }: { method: string }) {
  return (
    <span className={cx("inline-block w-14 rounded px-1.5 py-0.5 text-center font-mono text-xs font-semibold", TONES[method] ?? TONES.GET)}>{method}</span>
  );
}
