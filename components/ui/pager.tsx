"use client";

import { useId } from "react";
import { Button } from "@/components/ui/button";

type Props = {
  page: number;
  size: number;
  /** null until the first page has answered. */
  total: number | null;
  busy: boolean;
  /** What is counted, plural: "accounts", "payments". */
  noun: string;
  onPage: (page: number) => void;
  /** With both, a rows-per-page choice is offered. */
  sizes?: readonly number[];
  onSize?: (size: number) => void;
};

/** The portal's one pager over a server-paginated list: where we are, previous/next, and optionally the page size. */
export function Pager({ page, size, total, busy, noun, onPage, sizes, onSize }: Props) {
  const sizeId = useId();
  const pages = total === null ? null : Math.max(1, Math.ceil(total / size));
  const from = total === 0 ? 0 : (page - 1) * size + 1;
  const to = total === null ? null : Math.min(page * size, total);
  return (
    <nav
      aria-label={`Pages of ${noun}`}
      className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 text-sm sm:px-5 dark:border-slate-800"
    >
      <p className="tabular text-slate-600 dark:text-slate-400" aria-live="polite">
        {total === null ? "\u00a0" : total === 0 ? `No ${noun}` : `Showing ${from}–${to} of ${total} ${noun} · page ${page} of ${pages}`}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {/* Two groups that wrap as wholes: at phone width Next no longer drops to a line of its own. */}
        {sizes && onSize ? (
          <span className="flex items-center gap-2">
            <label htmlFor={sizeId} className="text-slate-600 dark:text-slate-400">
              Rows per page
            </label>
            <select
              id={sizeId}
              value={size}
              onChange={(e) => onSize(Number(e.target.value))}
              className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-950"
            >
              {sizes.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </span>
        ) : null}
        <span className="flex items-center gap-2">
          <Button onClick={() => onPage(page - 1)} disabled={page <= 1 || busy}>
            Previous
          </Button>
          <Button onClick={() => onPage(page + 1)} disabled={pages === null || page >= pages || busy}>
            Next
          </Button>
        </span>
      </div>
    </nav>
  );
}
