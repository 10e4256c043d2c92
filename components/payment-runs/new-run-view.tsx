"use client";

import Link from "next/link";
import { RunProgress } from "@/components/payment-runs/run-progress";
import { RunReviewTable } from "@/components/payment-runs/run-review-table";
import { RunTotals } from "@/components/payment-runs/run-totals";
import { RunApprovalForecast, useRunNeedsApproval } from "@/components/payment-runs/run-approval-forecast";
import { DraftedNotice } from "@/components/approvals/drafted-notice";
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
  const { upload, state, readError, reference, setReference, submitting, submitError, jobId, draft, onFile, submit, review } = useRunUpload();
  const lines = upload && state && !upload.pain001 ? state.itemRows.map((i) => upload.rows[i]!.line) : undefined;
  const kept = upload ? upload.rows.length - upload.dropped.size : 0;
  const needsApproval = useRunNeedsApproval(state?.ready ? state.items : undefined);
  const count = state ? `${state.items.length.toLocaleString("en-US")} ${state.items.length === 1 ? "payment" : "payments"}` : "";
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
      {draft ? (
        <DraftedNotice draft={draft} className="rounded-xl border border-amber-300 bg-amber-50/60 p-5 dark:border-amber-800 dark:bg-amber-950/40" />
      ) : jobId ? (
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
            <CardHeader
              title="File"
              description="A CSV file in the template's columns, or an ISO 20022 pain.001.001.09 XML file from your treasury system. Up to 10,000 payments."
            />
            <div className="space-y-3 px-5 pb-5">
              <FormField id="run-file" label="Payment file" error={readError ?? undefined}>
                <input
                  id="run-file"
                  type="file"
                  accept=".csv,text/csv,.xml,application/xml,text/xml"
                  onChange={(e) => void onFile(e)}
                  className={inputClass(false, "h-auto py-1.5")}
                />
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
              <RunApprovalForecast items={state.items} />
              <FormField
                id="run-reference"
                label="Reference"
                optional
                hint={
                  upload?.pain001
                    ? "Left empty, the run keeps the file's MsgId as its reference. Sent as it is, changed here or approved first, the run's pain.002 report answers your file: its MsgId, payment blocks and EndToEndIds."
                    : "Your name for the run, shown in the list (a payroll month, a supplier run)."
                }
              >
                <input id="run-reference" value={reference} maxLength={140} onChange={(e) => setReference(e.target.value)} className={inputClass()} />
              </FormField>
              {submitError ? (
                <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                  {submitError}
                </p>
              ) : null}
              <Button variant="primary" disabled={submitting || needsApproval === null} onClick={() => void submit()}>
                {submitting ? "Sending…" : needsApproval ? `Send ${count} for approval` : `Send ${count}`}
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
