"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef } from "react";
import { DraftedNotice } from "@/components/approvals/drafted-notice";
import { Button } from "@/components/ui/button";
import { JobProgress } from "@/components/virtual-accounts/job-progress";
import { UploadReview } from "@/components/virtual-accounts/upload-review";
import { useBatchUpload } from "@/components/virtual-accounts/use-batch-upload";
import { virtualAccountKeys } from "@/lib/portal/shared/query-keys";
import { saveTemplate } from "@/lib/portal/virtual-accounts/va-upload-files";
import { MAX_ITEMS } from "@/lib/contract/virtual-accounts/fields";

/**
 * The batch upload: a CSV checked row by row in the browser with the API's
 * own v2 item schema, errors on their row and column (editable in place), then
 * one POST /v2/virtual-accounts with an Idempotency-Key made when the dialog
 * opened (a double click or a retry after a network error starts one job),
 * then the job's progress and results; or, when an approval policy holds the
 * batch back, the draft that waits for approvers.
 */
export function UploadDialog({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const { loaded, readError, badRows, ready, submitting, submitError, jobId, drafted, onFile, submit, review } = useBatchUpload();
  const done = jobId !== null || drafted !== null;
  const queryClient = useQueryClient();
  const titleId = useId();

  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
  }, []);

  const onJobEnd = () => void queryClient.invalidateQueries({ queryKey: virtualAccountKeys.all });

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
          {drafted ? (
            <DraftedNotice draft={drafted} className="rounded-xl border border-amber-300 bg-amber-50/60 p-5 dark:border-amber-800 dark:bg-amber-950/40" />
          ) : jobId ? (
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
                <Button variant="ghost" onClick={saveTemplate}>
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

              {loaded && loaded.rows.length > 0 && loaded.fileErrors.length === 0 ? <UploadReview loaded={loaded} review={review} /> : null}
            </>
          )}
        </div>

        <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-6 py-3 dark:border-slate-800">
          <p className="min-h-5 text-sm text-red-700 dark:text-red-400" role="alert">
            {submitError}
          </p>
          <div className="flex gap-2">
            <Button onClick={() => dialog.current?.close()}>{done ? "Close" : "Cancel"}</Button>
            {done ? null : (
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
