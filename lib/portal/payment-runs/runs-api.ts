import { createPaymentBatchOperation, getPaymentBatchOperation, listPaymentBatchesOperation } from "@/lib/contract/payment-runs/operations";
import { listJobResultsOperation } from "@/lib/contract/virtual-accounts/jobs/operations";
import { csvLine } from "@/lib/contract/csv";
import { PAIN_001_TYPE } from "@/lib/contract/payment-runs/operations";
import type { TPaymentBatchRequest, TPaymentRunResult, TPaymentRunSummary } from "@/lib/contract/payment-runs/schema";
import type { TJobAccepted } from "@/lib/contract/virtual-accounts/responses";
import { apiFile, apiJson, fileBody } from "@/lib/portal/shared/api-client";
import { saveBlob } from "@/lib/portal/shared/download";
import type { PageParams } from "@/lib/portal/shared/query-keys";

/** Payment runs as the portal calls them (POST/GET /v1/payment-batches, the run's job; docs/payment-runs.md). */

export type RunList = { meta: { pagination: { total_size: number } }; data: TPaymentRunSummary[] };

/** One run, once: the Idempotency-Key is made when the file is loaded, so a double click or a retry starts one job. */
export function createPaymentRun(body: TPaymentBatchRequest, idempotencyKey: string): Promise<TJobAccepted> {
  return apiJson(createPaymentBatchOperation, { body, params: { header: { "Idempotency-Key": idempotencyKey } } });
}

/** A pain.001 document sent as the customer made it, so the run keeps its MsgId, PmtInfIds and EndToEndIds for the pain.002. */
export function createPaymentRunFromPain001(xml: string, idempotencyKey: string): Promise<TJobAccepted> {
  return apiJson(createPaymentBatchOperation, {
    ...fileBody(createPaymentBatchOperation, PAIN_001_TYPE, xml),
    params: { header: { "Idempotency-Key": idempotencyKey } },
  });
}

export function fetchPaymentRuns(params: PageParams, signal?: AbortSignal): Promise<RunList> {
  return apiJson(listPaymentBatchesOperation, { params: { query: params }, signal });
}

export function fetchPaymentRun(batchId: string, signal?: AbortSignal): Promise<TPaymentRunSummary> {
  return apiJson(getPaymentBatchOperation, { params: { path: { batchId } }, signal });
}

/** The ISO 20022 pain.002 status report of the run, as the bank builds it, saved as a file. */
export async function savePain002(jobId: string): Promise<void> {
  const { blob } = await apiFile(listJobResultsOperation, "application/xml", { params: { path: { jobId } } });
  saveBlob(blob, `harbour-payment-run-${jobId}-pain002.xml`);
}

/** The results beside the line of the file each came from (when the page still has the file), formula cells guarded. */
export function runResultsCsv(results: readonly TPaymentRunResult[], lines?: readonly number[]): string {
  const header = csvLine(["index", "line", "status", "paymentId", "transactionStatus", "endToEndId", "errorCode", "errorMessage"]);
  return (
    header +
    results
      .map((r) =>
        csvLine([
          String(r.index),
          lines?.[r.index] !== undefined ? String(lines[r.index]) : null,
          r.status,
          r.paymentId,
          r.transactionStatus,
          r.endToEndId,
          r.error?.code ?? null,
          r.error?.message ?? null,
        ]),
      )
      .join("")
  );
}

export function saveRunResultsCsv(jobId: string, results: readonly TPaymentRunResult[], lines?: readonly number[]): void {
  saveBlob(new Blob(["\ufeff", runResultsCsv(results, lines)], { type: "text/csv;charset=utf-8" }), `harbour-payment-run-${jobId}-results.csv`);
}
