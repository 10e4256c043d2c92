"use client";

import { Button } from "@/components/ui/button";
import { cellId, type Loaded, type UploadReview as Review } from "@/components/virtual-accounts/use-batch-upload";
import { holderTypeOf, COLUMN_LABELS } from "@/lib/portal/virtual-accounts/va-upload-columns";
import { TableScroll } from "@/components/ui/table-scroll";

const inputClass =
  "h-8 w-full min-w-32 rounded border bg-white px-2 text-sm text-slate-900 dark:bg-slate-950 dark:text-slate-100 aria-[invalid=true]:border-red-600 dark:aria-[invalid=true]:border-red-400 border-slate-300 dark:border-slate-700";

/**
 * The rows of the file under review, each error on its row and column; a cell
 * that has had an error is an input, fixed in place and checked again.
 */
export function UploadReview({ loaded, review }: { loaded: Loaded; review: Review }) {
  const { editable, errorsOf, editCell, showAll, setShowAll, previewPage, setPreviewPage, pageCount, visible, shownColumns } = review;
  return (
    <div className="mt-4">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2 text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={showAll} onChange={(e) => (setShowAll(e.target.checked), setPreviewPage(0))} className="size-4 accent-brand-700" />
          Show all rows (otherwise only rows that needed attention)
        </label>
        {pageCount > 1 ? (
          <span className="flex items-center gap-2">
            <Button onClick={() => setPreviewPage((p) => p - 1)} disabled={previewPage === 0}>
              Previous rows
            </Button>
            <span className="tabular text-slate-600 dark:text-slate-400">
              {previewPage + 1} / {pageCount}
            </span>
            <Button onClick={() => setPreviewPage((p) => p + 1)} disabled={previewPage + 1 >= pageCount}>
              Next rows
            </Button>
          </span>
        ) : null}
      </div>
      <TableScroll className="rounded-md border border-slate-200 dark:border-slate-800">
        <table className="w-full text-sm">
          <caption className="sr-only">Rows of {loaded.fileName}</caption>
          <thead className="bg-slate-50 dark:bg-slate-800/60">
            <tr>
              <th scope="col" className="px-3 py-2 text-left text-xs font-medium text-slate-600 dark:text-slate-400">
                Line
              </th>
              <th scope="col" className="px-3 py-2 text-left text-xs font-medium text-slate-600 dark:text-slate-400">
                Holder type
              </th>
              {shownColumns.map((c) => (
                <th key={c} scope="col" className="px-3 py-2 text-left text-xs font-medium whitespace-nowrap text-slate-600 dark:text-slate-400">
                  {COLUMN_LABELS[c]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {visible.length === 0 ? (
              <tr>
                <td colSpan={shownColumns.length + 2} className="px-3 py-6 text-center text-slate-600 dark:text-slate-400">
                  No row needed attention. Tick &ldquo;Show all rows&rdquo; to look through them.
                </td>
              </tr>
            ) : (
              visible.map((index) => {
                const row = loaded.rows[index]!;
                const errors = errorsOf(index);
                const bad = Object.keys(errors).length > 0;
                const type = holderTypeOf(row.cells);
                return (
                  <tr key={index} data-line={row.line} className={bad ? "bg-red-50/60 dark:bg-red-950/30" : undefined}>
                    <th scope="row" className="px-3 py-2 text-left align-top font-mono text-xs font-normal whitespace-nowrap">
                      {row.line}
                      {errors.row ? (
                        <span className="mt-1 block max-w-40 font-sans whitespace-normal text-red-700 dark:text-red-400">Line {errors.row.join("; ")}</span>
                      ) : null}
                    </th>
                    <td className="px-3 py-2 align-top">
                      <select
                        aria-label={`Holder type, line ${row.line}`}
                        value={type ?? ""}
                        aria-invalid={errors.accountHolderType ? true : undefined}
                        aria-describedby={errors.accountHolderType ? `err-${index}-accountHolderType` : undefined}
                        onChange={(e) => editCell(index, "accountHolderType", e.target.value)}
                        className={`${inputClass} min-w-28`}
                      >
                        {type === null ? <option value="">{row.cells.accountHolderType}?</option> : null}
                        <option value="Individual">Individual</option>
                        <option value="Business">Business</option>
                      </select>
                      <CellErrors id={`err-${index}-accountHolderType`} messages={errors.accountHolderType} />
                    </td>
                    {shownColumns.map((c) => {
                      const messages = errors[c];
                      const errorId = `err-${index}-${c}`;
                      return (
                        <td key={c} className="px-3 py-2 align-top">
                          {editable.has(cellId(index, c)) ? (
                            <>
                              <input
                                aria-label={`${COLUMN_LABELS[c]}, line ${row.line}`}
                                value={row.cells[c]}
                                onChange={(e) => editCell(index, c, e.target.value)}
                                aria-invalid={messages ? true : undefined}
                                aria-describedby={messages ? errorId : undefined}
                                className={inputClass}
                              />
                              <CellErrors id={errorId} messages={messages} />
                            </>
                          ) : (
                            <span className="block max-w-48 truncate py-1" title={row.cells[c]}>
                              {row.cells[c] || <span className="text-slate-400 dark:text-slate-500">—</span>}
                            </span>
                          )}
                        </td>
                      );
                    })}
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

function CellErrors({ id, messages }: { id: string; messages: string[] | undefined }) {
  if (!messages) return null;
  return (
    <span id={id} className="mt-1 block max-w-56 text-xs text-red-700 dark:text-red-400">
      {messages.join("; ")}
    </span>
  );
}
