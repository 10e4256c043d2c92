"use client";

import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { FieldMessage, inputClass } from "@/components/ui/form";
import type { RunReview } from "@/components/payment-runs/use-run-upload";
import { RUN_CSV_LABELS } from "@/lib/contract/payment-runs/csv-columns";
import { rowLabel, shownColumns, type ReviewState, type RunUpload } from "@/lib/portal/payment-runs/run-upload";
import { TableScroll } from "@/components/ui/table-scroll";

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The file's rows under review. A row that has needed attention stays in view
 * with its cells as inputs, each message under its cell, until it is fixed or
 * dropped; a dropped row is kept greyed out so it can be taken back.
 */
export function RunReviewTable({ upload, state, review }: { upload: RunUpload; state: ReviewState; review: RunReview }) {
  const { attention, editCell, toggleDrop, showAll, setShowAll, page, setPage, pageCount, visible } = review;
  const columns = shownColumns(upload, state.errors);
  return (
    <div>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2 text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={showAll} onChange={(e) => (setShowAll(e.target.checked), setPage(0))} className="size-4 accent-brand-700" />
          Show all rows (otherwise only rows that needed attention)
        </label>
        {pageCount > 1 ? (
          <span className="flex items-center gap-2">
            <Button onClick={() => setPage((p) => p - 1)} disabled={page === 0}>
              Previous rows
            </Button>
            <span className="tabular text-slate-600 dark:text-slate-400">
              {page + 1} / {pageCount}
            </span>
            <Button onClick={() => setPage((p) => p + 1)} disabled={page + 1 >= pageCount}>
              Next rows
            </Button>
          </span>
        ) : null}
      </div>
      <TableScroll className="rounded-md border border-slate-200 dark:border-slate-800" tabIndex={0} role="region" aria-label={`Rows of ${upload.fileName}`}>
        <table className="w-full text-sm">
          <caption className="sr-only">Rows of {upload.fileName}</caption>
          <thead className="bg-slate-50 text-xs text-slate-600 dark:bg-slate-800/60 dark:text-slate-400">
            <tr>
              <th scope="col" className="px-3 py-2 text-left font-medium">
                {upload.pain001 ? "EndToEndId" : "Line"}
              </th>
              {columns.map((c) => (
                <th key={c} scope="col" className="px-3 py-2 text-left font-medium whitespace-nowrap">
                  {capitalise(RUN_CSV_LABELS[c])}
                </th>
              ))}
              <th scope="col" className="px-3 py-2 text-left font-medium">
                <span className="sr-only">Keep or drop</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {visible.length === 0 ? (
              <tr>
                <td colSpan={columns.length + 2} className="px-3 py-6 text-center text-slate-600 dark:text-slate-400">
                  No row needed attention. Tick &ldquo;Show all rows&rdquo; to look through them.
                </td>
              </tr>
            ) : (
              visible.map((index) => {
                const row = upload.rows[index]!;
                const label = rowLabel(upload, index);
                const dropped = upload.dropped.has(index);
                const errors = dropped ? {} : (state.errors.get(index) ?? {});
                const bad = Object.keys(errors).length > 0;
                const editing = attention.has(index) && !dropped;
                return (
                  <tr
                    key={index}
                    data-line={row.line}
                    className={cx(bad && "bg-red-50/60 dark:bg-red-950/30", dropped && "text-slate-500 line-through dark:text-slate-400")}
                  >
                    <th scope="row" className="px-3 py-2 text-left align-top font-mono text-xs font-normal whitespace-nowrap">
                      {label}
                      {errors.row ? (
                        <span className="mt-1 block max-w-40 font-sans whitespace-normal text-red-700 dark:text-red-400">Line {errors.row.join("; ")}</span>
                      ) : null}
                    </th>
                    {columns.map((c) => {
                      const messages = errors[c];
                      const errorId = `run-err-${index}-${c}`;
                      return (
                        <td key={c} className="px-3 py-2 align-top">
                          {editing ? (
                            <>
                              <input
                                aria-label={`${capitalise(RUN_CSV_LABELS[c])}, ${upload.pain001 ? "" : "line "}${label}`}
                                value={row.cells[c]}
                                onChange={(e) => editCell(index, c, e.target.value)}
                                aria-invalid={messages ? true : undefined}
                                aria-describedby={messages ? errorId : undefined}
                                className={inputClass(false, "h-8 min-w-32")}
                              />
                              <FieldMessage id={errorId}>{messages?.join("; ")}</FieldMessage>
                            </>
                          ) : (
                            <span className="block max-w-48 truncate py-1" title={row.cells[c]}>
                              {row.cells[c] || <span className="text-slate-400 dark:text-slate-500">—</span>}
                            </span>
                          )}
                        </td>
                      );
                    })}
                    <td className="px-3 py-2 text-right align-top">
                      <Button
                        className="h-8 no-underline"
                        onClick={() => toggleDrop(index)}
                        aria-label={`${dropped ? "Keep" : "Drop"} ${upload.pain001 ? "" : "line "}${label}`}
                      >
                        {dropped ? "Keep" : "Drop"}
                      </Button>
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}
