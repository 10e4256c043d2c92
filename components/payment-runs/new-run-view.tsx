"use client";

import Link from "next/link";
import { RunProgress } from "@/components/payment-runs/run-progress";
import { RunReviewTable } from "@/components/payment-runs/run-review-table";
import { RunTotals } from "@/components/payment-runs/run-totals";
import { useRunUpload } from "@/components/payment-runs/use-run-upload";
import { Button, buttonClass } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { FormField, inputClass } from "@/components/ui/form";
import { DownloadIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";

export const RUN_TEMPLATE_URL = "/templates/harbour-payment-run.csv";

/**
 * A new payment run: choose a file (or start from the template), see every row
 * checked with the API's own schemas, fix or drop rows, check the totals and
 * the debit accounts' funds, send it, and follow it to the end.
 */
export function NewRunView() {
  const { upload, state, readError, reference, setReference, submitting, submitError, jobId, onFile, submit, review } = useRunUpload();
  const lines = upload && state ? state.itemRows.map((i) => upload.rows[i]!.line) : undefined;
  const kept = upload ? upload.rows.length - upload.dropped.size : 0;
  return (
    <div className="space-y-6">
      <PageHeader
        title="New payment run"
        description="Pay many suppliers or a payroll from one file: one row per payment, checked here before anything is sent."
        actions={
          <a href={RUN_TEMPLATE_URL} download className={buttonClass()}>
            <DownloadIcon />
            CSV template
          </a>
        }
      />
      {jobId ? (
        <Card className="p-5">
          <RunProgress jobId={jobId} lines={lines} />
          <div className="mt-4 flex flex-wrap gap-2">
            <Link href={`/payment-runs/${encodeURIComponent(jobId)}`} className={buttonClass()}>
              Open the run
            </Link>
            <Link href="/payment-runs" className={buttonClass("ghost")}>
              All payment runs
            </Link>
          </div>
        </Card>
      ) : (
        <>
          <Card>
            <CardHeader title="File" description="A CSV file in the template's columns (docs: Payment runs as CSV). Up to 10,000 payments." />
            <div className="space-y-3 px-5 pb-5">
              <FormField id="run-file" label="Payment file" error={readError ?? undefined}>
                <input id="run-file" type="file" accept=".csv,text/csv" onChange={(e) => void onFile(e)} className={inputClass(false, "h-auto py-1.5")} />
              </FormField>
              {upload?.fileErrors.length ? (
                <ul role="alert" className="list-disc space-y-1 pl-5 text-sm text-red-700 dark:text-red-400">
                  {upload.fileErrors.map((e) => (
                    <li key={e}>{e}</li>
                  ))}
                </ul>
              ) : null}
              {upload && state && upload.fileErrors.length === 0 ? (
                <p className="text-sm" role="status">
                  {upload.fileName}: {kept.toLocaleString("en-US")} {kept === 1 ? "payment" : "payments"}
                  {upload.dropped.size > 0 ? ` (${upload.dropped.size} dropped)` : ""}
                  {state.errors.size > 0 ? (
                    <span className="text-red-700 dark:text-red-400">
                      {" "}
                      · {state.errors.size === 1 ? "1 row needs" : `${state.errors.size.toLocaleString("en-US")} rows need`} fixing or dropping
                    </span>
                  ) : (
                    " · every row is valid"
                  )}
                </p>
              ) : null}
            </div>
          </Card>
          {upload && state && upload.rows.length > 0 ? (
            <Card className="p-5">
              <RunReviewTable upload={upload} state={state} review={review} />
            </Card>
          ) : null}
          {state?.ready ? (
            <Card className="space-y-5 p-5">
              <RunTotals items={state.items} />
              <FormField id="run-reference" label="Reference" optional hint="Your name for the run, shown in the list (a payroll month, a supplier run).">
                <input id="run-reference" value={reference} maxLength={140} onChange={(e) => setReference(e.target.value)} className={inputClass()} />
              </FormField>
              {submitError ? (
                <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                  {submitError}
                </p>
              ) : null}
              <Button variant="primary" disabled={submitting} onClick={() => void submit()}>
                {submitting ? "Sending…" : `Send ${state.items.length.toLocaleString("en-US")} ${state.items.length === 1 ? "payment" : "payments"}`}
              </Button>
            </Card>
          ) : submitError ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {submitError}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
