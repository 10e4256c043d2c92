"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from "react";
import { Button } from "@/components/ui/button";
import { JobProgress } from "@/components/virtual-accounts/job-progress";
import { saveBlob } from "@/lib/portal/shared/download";
import { virtualAccountKeys } from "@/lib/portal/shared/query-keys";
import { ApiRequestError } from "@/lib/portal/shared/api-client";
import { createVirtualAccounts, newIdempotencyKey } from "@/lib/portal/virtual-accounts/va-api";
import { apiFieldIssues } from "@/lib/portal/shared/field-errors";
import {
  cellOfApiField,
  checkRow,
  COLUMN_LABELS,
  countRowsWithErrors,
  holderTypeOf,
  parseAndValidate,
  templateCsv,
  type CellKey,
  type CheckedUpload,
  type RowErrors,
  type UploadColumn,
} from "@/lib/portal/virtual-accounts/va-upload";
import { MAX_ITEMS } from "@/lib/contract/virtual-accounts/fields";

const PREVIEW_PAGE = 50;
const cellId = (index: number, column: CellKey) => `${index}:${column}`;
const inputClass =
  "h-8 w-full min-w-32 rounded border bg-white px-2 text-sm text-slate-900 dark:bg-slate-950 dark:text-slate-100 aria-[invalid=true]:border-red-600 dark:aria-[invalid=true]:border-red-400 border-slate-300 dark:border-slate-700";

type Loaded = CheckedUpload & { fileName: string; ms: number };

/**
 * The batch upload: a CSV checked row by row in the browser with the API's
 * own v2 item schema, errors on their row and column (editable in place), then
 * one POST /v2/virtual-accounts with an Idempotency-Key made when the dialog
 * opened (a double click or a retry after a network error starts one job),
 * then the job's progress and results.
 */
export function UploadDialog({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  /** Cells that have had an error: they stay inputs while being fixed, so focus never jumps. */
  const [editable, setEditable] = useState<Set<string>>(new Set());
  const [apiErrors, setApiErrors] = useState<Map<number, RowErrors>>(new Map());
  const [showAll, setShowAll] = useState(false);
  const [previewPage, setPreviewPage] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const titleId = useId();

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
  }, []);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setReadError(null);
    setSubmitError(null);
    setApiErrors(new Map());
    try {
      const text = await file.text();
      const start = performance.now();
      const upload = parseAndValidate(text);
      const ms = performance.now() - start;
      performance.measure?.("va-upload-validate", { start, end: start + ms, detail: { rows: upload.rows.length } });
      const cells = new Set<string>();
      upload.checks.forEach((c, i) => Object.keys(c.errors).forEach((k) => cells.add(cellId(i, k as CellKey))));
      setEditable(cells);
      setShowAll(cells.size === 0);
      setPreviewPage(0);
      setLoaded({ ...upload, fileName: file.name, ms });
    } catch {
      setReadError("The file could not be read. Choose a CSV file saved as UTF-8.");
    }
  };

  const editCell = (index: number, column: UploadColumn, value: string) => {
    if (!loaded) return;
    const rows = loaded.rows.slice();
    const row = { ...rows[index]!, cells: { ...rows[index]!.cells, [column]: value } };
    rows[index] = row;
    const checks = loaded.checks.slice();
    checks[index] = checkRow(row);
    setLoaded({ ...loaded, rows, checks });
    const added = Object.keys(checks[index]!.errors).map((k) => cellId(index, k as CellKey));
    if (added.some((k) => !editable.has(k))) setEditable(new Set([...editable, ...added]));
    if (apiErrors.has(index)) {
      const next = new Map(apiErrors);
      next.delete(index);
      setApiErrors(next);
    }
  };

  const errorsOf = (index: number): RowErrors => {
    const own = loaded?.checks[index]?.errors ?? {};
    const fromApi = apiErrors.get(index);
    if (!fromApi) return own;
    const merged: RowErrors = { ...own };
    for (const [k, v] of Object.entries(fromApi) as Array<[CellKey, string[]]>) merged[k] = [...(merged[k] ?? []), ...v];
    return merged;
  };

  const badRows = loaded ? countRowsWithErrors(loaded.checks) + [...apiErrors.keys()].filter((i) => loaded.checks[i]?.item !== null).length : 0;
  const ready = loaded !== null && loaded.fileErrors.length === 0 && badRows === 0 && loaded.rows.length > 0;

  const submit = async () => {
    if (!loaded || !ready) return;
    setSubmitting(true);
    setSubmitError(null);
    try {
      const items = loaded.checks.map((c) => c.item!);
      const accepted = await createVirtualAccounts({ items }, idempotencyKey);
      setJobId(accepted.jobId);
    } catch (error) {
      const details = apiFieldIssues(error);
      const placed = new Map<number, RowErrors>();
      let unplaced = 0;
      for (const d of details) {
        const cell = d.field ? cellOfApiField(d.field, loaded.rows[Number(/\d+/.exec(d.field)?.[0])]?.cells) : null;
        if (!cell || !loaded.rows[cell.index]) {
          unplaced += 1;
          continue;
        }
        const errs = placed.get(cell.index) ?? {};
        (errs[cell.column] ??= []).push(d.message);
        placed.set(cell.index, errs);
        setEditable((e) => new Set([...e, cellId(cell.index, cell.column)]));
      }
      setApiErrors(placed);
      if (placed.size > 0) setShowAll(false);
      const message = error instanceof Error ? error.message : "The batch could not be sent.";
      const reference = error instanceof ApiRequestError && error.body.correlationId ? ` (reference ${error.body.correlationId})` : "";
      setSubmitError(
        placed.size > 0 && unplaced === 0
          ? `The bank refused ${placed.size === 1 ? "1 row" : `${placed.size} rows`}: see the marked cells.${reference}`
          : `${message}${reference}`,
      );
    } finally {
      setSubmitting(false);
    }
  };

  const onJobEnd = () => void queryClient.invalidateQueries({ queryKey: virtualAccountKeys.all });

  // Rows under review: every row that has had an error (so a fixed row stays in view), or all rows.
  const reviewIndexes = useMemo(() => {
    if (!loaded) return [];
    const rowsWithEdits = new Set([...editable].map((k) => Number(k.split(":")[0])));
    return loaded.rows.map((_, i) => i).filter((i) => showAll || rowsWithEdits.has(i));
  }, [loaded, editable, showAll]);
  const pageCount = Math.max(1, Math.ceil(reviewIndexes.length / PREVIEW_PAGE));
  const visible = reviewIndexes.slice(previewPage * PREVIEW_PAGE, (previewPage + 1) * PREVIEW_PAGE);
  const shownColumns = useMemo(() => {
    if (!loaded) return [];
    const withErrors = new Set([...editable].map((k) => k.split(":")[1] as CellKey));
    return (Object.keys(COLUMN_LABELS) as UploadColumn[]).filter((c) => c !== "accountHolderType" && (loaded.columns.includes(c) || withErrors.has(c)));
  }, [loaded, editable]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto max-h-[92vh] w-[min(72rem,96vw)] overflow-hidden rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <div className="flex max-h-[92vh] flex-col">
        <header className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4 dark:border-slate-800">
          <div>
            <h2 id={titleId} className="text-base font-semibold">
              Upload virtual accounts
            </h2>
            <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
              One account per row, up to {MAX_ITEMS.toLocaleString("en-US")}. Every row is checked here with the bank&apos;s own rules before anything is sent.
            </p>
          </div>
          <Button variant="ghost" onClick={() => dialog.current?.close()} aria-label="Close">
            ✕
          </Button>
        </header>

        <div className="min-h-0 flex-1 overflow-y-auto px-6 py-4">
          {jobId ? (
            <JobProgress jobId={jobId} lines={loaded?.rows.map((r) => r.line) ?? []} onEnd={onJobEnd} />
          ) : (
            <>
              <div className="flex flex-wrap items-end gap-4">
                <div>
                  <label htmlFor="va-upload-file" className="mb-1 block text-sm font-medium">
                    CSV file
                  </label>
                  <input
                    id="va-upload-file"
                    type="file"
                    accept=".csv,text/csv"
                    onChange={(e) => void onFile(e)}
                    className="block text-sm file:mr-3 file:h-9 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:text-sm file:font-medium file:text-slate-800 dark:file:border-slate-700 dark:file:bg-slate-800 dark:file:text-slate-100"
                  />
                </div>
                <Button
                  variant="ghost"
                  onClick={() => saveBlob(new Blob(["\ufeff", templateCsv()], { type: "text/csv;charset=utf-8" }), "harbour-virtual-accounts-template.csv")}
                >
                  Download the template
                </Button>
              </div>
              <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
                Holder type is <span className="font-mono">Individual</span> (date of birth and nationality required) or{" "}
                <span className="font-mono">Business</span> (registered address required), per row in the file or chosen below. Rows with{" "}
                <span className="font-mono">unallocated</span> = true are created as <span className="font-mono">UNALLOCATED</span> and allocated later.
              </p>

              <div className="mt-4 min-h-6" role="status" aria-live="polite">
                {readError ? <p className="text-sm text-red-700 dark:text-red-400">{readError}</p> : null}
                {loaded ? (
                  <p className="text-sm">
                    <span className="font-medium">{loaded.fileName}</span>: {loaded.rows.length.toLocaleString("en-US")} rows checked in{" "}
                    <span className="tabular">{Math.max(1, Math.round(loaded.ms))} ms</span>.{" "}
                    {loaded.fileErrors.length === 0 && badRows === 0 ? (
                      <span className="text-emerald-700 dark:text-emerald-400">All rows are ready.</span>
                    ) : badRows > 0 ? (
                      <span className="text-red-700 dark:text-red-400">
                        {badRows === 1 ? "1 row needs" : `${badRows.toLocaleString("en-US")} rows need`} attention.
                      </span>
                    ) : null}
                  </p>
                ) : null}
              </div>

              {loaded && loaded.fileErrors.length > 0 ? (
                <ul
                  role="alert"
                  className="mt-3 list-disc space-y-1 rounded-md border border-red-300 bg-red-50 py-3 pr-3 pl-8 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
                >
                  {loaded.fileErrors.map((e) => (
                    <li key={e}>{e}</li>
                  ))}
                </ul>
              ) : null}

              {loaded && loaded.rows.length > 0 && loaded.fileErrors.length === 0 ? (
                <div className="mt-4">
                  <div className="mb-2 flex flex-wrap items-center justify-between gap-2 text-sm">
                    <label className="flex items-center gap-2">
                      <input
                        type="checkbox"
                        checked={showAll}
                        onChange={(e) => (setShowAll(e.target.checked), setPreviewPage(0))}
                        className="size-4 accent-brand-700"
                      />
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
                  <div className="overflow-x-auto rounded-md border border-slate-200 dark:border-slate-800">
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
                                    <span className="mt-1 block max-w-40 font-sans whitespace-normal text-red-700 dark:text-red-400">
                                      Line {errors.row.join("; ")}
                                    </span>
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
                  </div>
                </div>
              ) : null}
            </>
          )}
        </div>

        <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-6 py-3 dark:border-slate-800">
          <p className="min-h-5 text-sm text-red-700 dark:text-red-400" role="alert">
            {submitError}
          </p>
          <div className="flex gap-2">
            <Button onClick={() => dialog.current?.close()}>{jobId ? "Close" : "Cancel"}</Button>
            {jobId ? null : (
              <Button variant="primary" onClick={() => void submit()} disabled={!ready || submitting}>
                {submitting
                  ? "Sending…"
                  : loaded && ready
                    ? `Create ${loaded.rows.length.toLocaleString("en-US")} virtual accounts`
                    : "Create virtual accounts"}
              </Button>
            )}
          </div>
        </footer>
      </div>
    </dialog>
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
