"use client";

import { Button } from "@/components/ui/button";

/** Previous/next over a server-paginated list; `noun` names what is counted. */
export function Pager({
  page,
  size,
  total,
  busy,
  noun,
  onPage,
}: {
  page: number;
  size: number;
  total: number | null;
  busy: boolean;
  noun: string;
  onPage: (page: number) => void;
}) {
  const pages = total === null ? null : Math.max(1, Math.ceil(total / size));
  const from = total === 0 ? 0 : (page - 1) * size + 1;
  const to = total === null ? null : Math.min(page * size, total);
  return (
    <nav aria-label={`Pages of ${noun}`} className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-5 py-3 text-sm dark:border-slate-800">
      <p className="tabular text-slate-600 dark:text-slate-400" aria-live="polite">
        {total === null ? "\u00a0" : total === 0 ? `No ${noun}` : `${from}–${to} of ${total} ${noun} · page ${page} of ${pages}`}
      </p>
      <div className="flex items-center gap-2">
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
