import type { TJobStatus } from "@/lib/contract/virtual-accounts/responses";

/** A batch job's progress (virtual-account batches, payment runs): the bar and the counts, announced as they change. */
export function JobProgressBar({ job, label, failedWord = "failed" }: { job: TJobStatus | undefined; label: string; failedWord?: string }) {
  const percent = job && job.totalItems > 0 ? Math.floor((job.processedItems / job.totalItems) * 100) : 0;
  return (
    <div className="mt-3">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
        className="h-3 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <span className="block h-full rounded-full bg-brand-500 transition-[width] duration-300" style={{ width: `${percent}%` }} />
      </div>
      <p className="tabular mt-2 flex justify-between gap-3 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        <span>
          {job ? `${job.processedItems.toLocaleString("en-US")} of ${job.totalItems.toLocaleString("en-US")} processed` : "Waiting for the job…"}
          {job && job.failedItems > 0 ? ` · ${job.failedItems.toLocaleString("en-US")} ${failedWord}` : ""}
        </span>
        <span className="font-medium text-slate-900 dark:text-slate-100">{percent}%</span>
      </p>
    </div>
  );
}
