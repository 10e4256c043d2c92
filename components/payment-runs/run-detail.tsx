"use client";

import { useQuery } from "@tanstack/react-query";
import { RunProgress } from "@/components/payment-runs/run-progress";
import { RunCurrencyTotals } from "@/components/payment-runs/run-totals";
import { Card, CardHeader } from "@/components/ui/card";
import { DetailField } from "@/components/ui/detail";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/state-message";
import { fetchPaymentRun } from "@/lib/portal/payment-runs/runs-api";
import { ApiRequestError, shouldRetry } from "@/lib/portal/shared/api-client";
import { formatBankDateTime } from "@/lib/contract/time/date-format";
import { paymentRunKeys } from "@/lib/portal/shared/query-keys";

/** One run: who sent it and when, its totals, and its job with each payment's result and link. */
export function RunDetail({ batchId }: { batchId: string }) {
  const run = useQuery({ queryKey: paymentRunKeys.detail(batchId), queryFn: ({ signal }) => fetchPaymentRun(batchId, signal), retry: shouldRetry });
  if (run.isPending) {
    return (
      <Card className="space-y-3 p-5" aria-busy="true" aria-label="Loading the run">
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-4 w-2/3" />
      </Card>
    );
  }
  if (run.isError) {
    const missing = run.error instanceof ApiRequestError && run.error.status === 404;
    return (
      <ErrorState
        title={missing ? "This payment run does not exist" : "The run could not be loaded"}
        error={run.error}
        onRetry={missing ? undefined : () => void run.refetch()}
      />
    );
  }
  const data = run.data;
  return (
    <Card>
      <CardHeader
        title={data.reference ?? `Payment run ${data.batchId.slice(0, 8)}`}
        description={`${data.totalItems.toLocaleString("en-US")} payments from a ${data.format.toUpperCase()} file`}
      />
      <div className="px-5 pb-5">
        <RunCurrencyTotals totals={data.totals} />
      </div>
      <dl className="divide-y divide-slate-200 border-t border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        <DetailField label="Submitted">
          {formatBankDateTime(data.createdAt)}
          {data.submittedBy ? ` by ${data.submittedBy.email}` : " by an integration"}
        </DetailField>
        {data.completedAt ? <DetailField label="Completed">{formatBankDateTime(data.completedAt)}</DetailField> : null}
      </dl>
      <section aria-label="Progress and results" className="border-t border-slate-200 px-5 py-4 dark:border-slate-800">
        {data.status === "PendingApproval" ? (
          <p className="text-sm">This run waits for approval: nothing is paid until it is approved (see Approvals).</p>
        ) : (
          <RunProgress jobId={data.batchId} />
        )}
      </section>
    </Card>
  );
}
