"use client";

import { humanize } from "@/lib/portal/shared/labels";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Badge, type Tone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Cell, DataTable } from "@/components/ui/data-table";
import { cx } from "@/components/ui/cx";
import { WIDE_ONLY, wideOnly } from "@/components/ui/list-frame";
import { DownloadIcon } from "@/components/ui/icons";
import { ErrorState } from "@/components/ui/state-message";
import { JobProgressBar } from "@/components/ui/job-progress-bar";
import { ZPaymentRunResults, type TPaymentRunResult } from "@/lib/contract/payment-runs/schema";
import { saveRunResultsCsv, savePain002 } from "@/lib/portal/payment-runs/runs-api";
import { fetchJob, fetchJobResults, TERMINAL_JOB_STATUSES } from "@/lib/portal/shared/jobs-api";
import { paymentRunKeys } from "@/lib/portal/shared/query-keys";

/** Quick enough to feel live (10,000 payments take seconds), cheap on the client's quota. */
const POLL_MS = 700;
const RESULTS_SHOWN = 200;

/** Why an item was not paid: its error code, then the message. */
const reasonOf = (error: NonNullable<TPaymentRunResult["error"]>) => `${error.code}: ${error.message}`;

export const RUN_STATUS_TONE: Record<string, Tone> = {
  PendingApproval: "amber",
  Pending: "neutral",
  Processing: "blue",
  Completed: "green",
  CompletedWithErrors: "amber",
  Failed: "red",
};
export const RUN_STATUS_LABEL: Record<string, string> = {
  PendingApproval: "Awaiting approval",
  Pending: "Queued",
  Processing: "Paying",
  Completed: "Completed",
  CompletedWithErrors: "Completed with errors",
  Failed: "Failed",
};
const RESULT_TONE: Record<TPaymentRunResult["status"], Tone> = { Created: "green", Failed: "red", Rejected: "red" };

/** A run's job as it goes (GET /v1/jobs/{id}), then each payment's result with its link and the two report files. */
export function RunProgress({ jobId, lines }: { jobId: string; lines?: readonly number[] }) {
  const job = useQuery({
    queryKey: paymentRunKeys.job(jobId),
    queryFn: ({ signal }) => fetchJob(jobId, signal),
    refetchInterval: (query) => (query.state.data && TERMINAL_JOB_STATUSES.has(query.state.data.status) ? false : POLL_MS),
    staleTime: 0,
  });
  const ended = job.data !== undefined && TERMINAL_JOB_STATUSES.has(job.data.status);
  const results = useQuery({
    queryKey: paymentRunKeys.results(jobId),
    queryFn: ({ signal }) => fetchJobResults(jobId, ZPaymentRunResults, signal),
    enabled: ended,
  });
  const [downloadError, setDownloadError] = useState<string | null>(null);

  if (job.isError && !job.data) return <ErrorState title="The run's progress could not be loaded" error={job.error} onRetry={() => void job.refetch()} />;
  const data = job.data;
  const pain002 = () => {
    setDownloadError(null);
    savePain002(jobId).catch((error: unknown) => setDownloadError(error instanceof Error ? error.message : "The report could not be downloaded."));
  };
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm">
          Run <span className="font-mono text-xs break-all">{jobId}</span>
        </p>
        {data ? <Badge tone={RUN_STATUS_TONE[data.status] ?? "neutral"}>{RUN_STATUS_LABEL[data.status] ?? data.status}</Badge> : null}
      </div>
      <JobProgressBar job={data} label="Run progress" failedWord="not paid" />
      {ended ? (
        <section aria-labelledby="run-results-title" className="mt-6">
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
            <h3 id="run-results-title" className="text-sm font-semibold">
              Results
            </h3>
            <div className="flex flex-wrap gap-2">
              <Button disabled={!results.data} onClick={() => results.data && saveRunResultsCsv(jobId, results.data, lines)}>
                <DownloadIcon />
                Results CSV
              </Button>
              <Button onClick={pain002}>
                <DownloadIcon />
                pain.002 report
              </Button>
            </div>
          </div>
          {downloadError ? (
            <p role="alert" className="mb-2 text-sm text-red-700 dark:text-red-400">
              {downloadError}
            </p>
          ) : null}
          {results.isPending ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">Loading results…</p>
          ) : results.isError ? (
            <ErrorState title="Results could not be loaded" error={results.error} onRetry={() => void results.refetch()} className="py-6" />
          ) : (
            <>
              <DataTable
                caption={`Results of run ${jobId}`}
                scrollRegion="Results of the run"
                columns={[lines ? "Line" : "Item", "Status", "Payment", wideOnly("Instruction id"), wideOnly("Reason")]}
              >
                {results.data.slice(0, RESULTS_SHOWN).map((r) => (
                  <tr key={r.index}>
                    <Cell mono className="text-xs">
                      {lines?.[r.index] ?? r.index + 1}
                    </Cell>
                    <Cell>
                      <Badge tone={RESULT_TONE[r.status]}>{humanize(r.status)}</Badge>
                      {/* A phone leaves out the reason's column: it stands under the status. */}
                      {r.error ? <span className="mt-1 block text-xs text-red-700 sm:hidden dark:text-red-400">{reasonOf(r.error)}</span> : null}
                    </Cell>
                    <Cell mono className="text-xs">
                      {r.paymentId ? (
                        <Link href={`/payments/${encodeURIComponent(r.paymentId)}`} className="text-brand-700 hover:underline dark:text-brand-300">
                          {r.paymentId}
                        </Link>
                      ) : (
                        "—"
                      )}
                      {r.transactionStatus ? <span className="block font-sans text-slate-600 dark:text-slate-400">{r.transactionStatus}</span> : null}
                      {r.endToEndId ? <span className="block text-slate-600 sm:hidden dark:text-slate-400">{r.endToEndId}</span> : null}
                    </Cell>
                    <Cell mono className={cx("text-xs", WIDE_ONLY)}>
                      {r.endToEndId ?? "—"}
                    </Cell>
                    <Cell className={cx("text-xs text-red-700 dark:text-red-400", WIDE_ONLY)}>{r.error ? reasonOf(r.error) : ""}</Cell>
                  </tr>
                ))}
              </DataTable>
              {results.data.length > RESULTS_SHOWN ? (
                <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
                  The first {RESULTS_SHOWN} of {results.data.length.toLocaleString("en-US")} results; the CSV has them all.
                </p>
              ) : null}
            </>
          )}
        </section>
      ) : null}
    </div>
  );
}
