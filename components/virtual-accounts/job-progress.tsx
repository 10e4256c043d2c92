"use client";

import { humanize } from "@/lib/portal/shared/labels";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useRef } from "react";
import { Badge, type Tone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DownloadIcon } from "@/components/ui/icons";
import { JobProgressBar } from "@/components/ui/job-progress-bar";
import { ErrorState } from "@/components/ui/state-message";
import { saveBlob } from "@/lib/portal/shared/download";
import { virtualAccountKeys } from "@/lib/portal/shared/query-keys";
import { fetchJob, fetchJobResults, TERMINAL_JOB_STATUSES } from "@/lib/portal/shared/jobs-api";
import { ZJobResults } from "@/lib/contract/virtual-accounts/responses";
import { resultsCsv } from "@/lib/portal/virtual-accounts/va-upload-files";
import { TableScroll } from "@/components/ui/table-scroll";

/** Polling cadence while the job runs: quick enough to feel live, cheap on the client's quota (a 1000-item job takes seconds). */
const POLL_MS = 700;
const RESULTS_SHOWN = 200;

const STATUS_TONE: Record<string, Tone> = { Pending: "neutral", Processing: "blue", Completed: "green", CompletedWithErrors: "amber", Failed: "red" };
const STATUS_LABEL: Record<string, string> = {
  Pending: "Queued",
  Processing: "Creating accounts",
  Completed: "Completed",
  CompletedWithErrors: "Completed with errors",
  Failed: "Failed",
};

/** The job's live progress (GET /v1/jobs/{id} until it ends), then its results (GET /v1/jobs/{id}/results). */
export function JobProgress({ jobId, lines, onEnd }: { jobId: string; lines: readonly number[]; onEnd?: () => void }) {
  const job = useQuery({
    queryKey: virtualAccountKeys.job(jobId),
    queryFn: ({ signal }) => fetchJob(jobId, signal),
    refetchInterval: (query) => (query.state.data && TERMINAL_JOB_STATUSES.has(query.state.data.status) ? false : POLL_MS),
    staleTime: 0,
  });
  const ended = job.data !== undefined && TERMINAL_JOB_STATUSES.has(job.data.status);
  const results = useQuery({
    queryKey: virtualAccountKeys.jobResults(jobId),
    queryFn: ({ signal }) => fetchJobResults(jobId, ZJobResults, signal),
    enabled: ended,
  });
  // A ref, not state: remembering that onEnd ran must not render again.
  const notified = useRef(false);
  useEffect(() => {
    if (ended && !notified.current) {
      notified.current = true;
      onEnd?.();
    }
  }, [ended, onEnd]);

  if (job.isError && !job.data) return <ErrorState title="The job's status could not be loaded" error={job.error} onRetry={() => void job.refetch()} />;

  const data = job.data;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm">
          Job <span className="font-mono text-xs">{jobId}</span>
        </p>
        {data ? <Badge tone={STATUS_TONE[data.status] ?? "neutral"}>{STATUS_LABEL[data.status] ?? data.status}</Badge> : null}
      </div>
      <JobProgressBar job={data} label="Batch progress" />

      {ended ? (
        <section aria-labelledby="job-results-title" className="mt-6">
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
            <h3 id="job-results-title" className="text-sm font-semibold">
              Results
            </h3>
            <Button
              disabled={!results.data}
              onClick={() =>
                results.data &&
                saveBlob(new Blob(["\ufeff", resultsCsv(results.data, lines)], { type: "text/csv;charset=utf-8" }), `harbour-virtual-accounts-job-${jobId}.csv`)
              }
            >
              <DownloadIcon />
              Download results CSV
            </Button>
          </div>
          {results.isPending ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">Loading results…</p>
          ) : results.isError ? (
            <ErrorState title="Results could not be loaded" error={results.error} onRetry={() => void results.refetch()} className="py-6" />
          ) : (
            <>
              <TableScroll className="max-h-80 overflow-auto rounded-md border border-slate-200 dark:border-slate-800">
                <table className="w-full text-sm">
                  <caption className="sr-only">Results of job {jobId}</caption>
                  <thead className="sticky top-0 bg-slate-50 dark:bg-slate-800">
                    <tr>
                      {["Line", "Status", "Virtual account number", "Client reference", "Error"].map((h) => (
                        <th key={h} scope="col" className="px-3 py-2 text-left text-xs font-medium text-slate-600 dark:text-slate-400">
                          {h}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                    {results.data.slice(0, RESULTS_SHOWN).map((r) => (
                      <tr key={r.index}>
                        <td className="px-3 py-1.5 font-mono text-xs">{lines[r.index] ?? r.index + 1}</td>
                        <td className="px-3 py-1.5">
                          <Badge tone={r.status === "Created" ? "green" : "red"}>{humanize(r.status)}</Badge>
                        </td>
                        <td className="px-3 py-1.5 font-mono text-xs">
                          {r.virtualAccountNumber ? (
                            <Link href={`/virtual-accounts/${r.virtualAccountNumber}`} className="text-brand-700 hover:underline dark:text-brand-300">
                              {r.virtualAccountNumber}
                            </Link>
                          ) : (
                            "—"
                          )}
                        </td>
                        <td className="px-3 py-1.5 font-mono text-xs">{r.clientReference ?? "—"}</td>
                        <td className="px-3 py-1.5 text-xs text-red-700 dark:text-red-400">{r.error ? `${r.error.code}: ${r.error.message}` : ""}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
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
