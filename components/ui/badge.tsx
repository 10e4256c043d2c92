import type { ReactNode } from "react";
import { cx } from "@/components/ui/cx";

export type Tone = "neutral" | "green" | "amber" | "red" | "blue" | "brand";

const TONES: Record<Tone, string> = {
  neutral: "bg-slate-100 text-slate-700 ring-slate-300 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-700",
  green: "bg-emerald-50 text-emerald-800 ring-emerald-600/30 dark:bg-emerald-950 dark:text-emerald-300 dark:ring-emerald-400/30",
  amber: "bg-amber-50 text-amber-900 ring-amber-600/30 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-400/30",
  red: "bg-red-50 text-red-800 ring-red-600/30 dark:bg-red-950 dark:text-red-300 dark:ring-red-400/30",
  blue: "bg-sky-50 text-sky-800 ring-sky-600/30 dark:bg-sky-950 dark:text-sky-300 dark:ring-sky-400/30",
  brand: "bg-brand-50 text-brand-800 ring-brand-600/30 dark:bg-brand-900 dark:text-brand-100 dark:ring-brand-400/30",
};

export function Badge({ tone = "neutral", children, className }: { tone?: Tone; children: ReactNode; className?: string }) {
  return (
    <span className={cx("inline-flex items-center rounded-md px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset", TONES[tone], className)}>{children}</span>
  );
}
