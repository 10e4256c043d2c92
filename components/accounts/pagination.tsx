"use client";

import { Button } from "@/components/ui/button";
import { PAGE_SIZES } from "@/lib/portal/accounts/account-filters";

type Props = {
  page: number;
  size: number;
  total: number | null;
  busy: boolean;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
};

export function Pagination({ page, size, total, busy, onPage, onSize }: Props) {
  const pages = total === null ? null : Math.max(1, Math.ceil(total / size));
  const from = total === 0 ? 0 : (page - 1) * size + 1;
  const to = total === null ? null : Math.min(page * size, total);
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-5 py-3 text-sm dark:border-slate-800">
      <p className="tabular text-slate-600 dark:text-slate-400" aria-live="polite">
        {total === null ? "\u00a0" : total === 0 ? "No accounts" : `Showing ${from}–${to} of ${total} · page ${page} of ${pages}`}
      </p>
      <div className="flex items-center gap-2">
        <label htmlFor="page-size" className="text-slate-600 dark:text-slate-400">
          Rows per page
        </label>
        <select
          id="page-size"
          value={size}
          onChange={(e) => onSize(Number(e.target.value))}
          className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-950"
        >
          {PAGE_SIZES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        <Button onClick={() => onPage(page - 1)} disabled={page <= 1 || busy}>
          Previous
        </Button>
        <Button onClick={() => onPage(page + 1)} disabled={pages === null || page >= pages || busy}>
          Next
        </Button>
      </div>
    </nav>
  );
}
