import type { z } from "zod";
import { getJobOperation, listJobResultsOperation } from "@/lib/contract/virtual-accounts/jobs/operations";
import type { TJobStatus } from "@/lib/contract/virtual-accounts/responses";
import { apiJson, apiJsonAs } from "@/lib/portal/shared/api-client";

/** Batch jobs as the portal follows them (GET /v1/jobs/{id} and its results): virtual-account batches and payment runs. */

type ResultsPage<T> = { meta: { pagination: { total_size: number; page_token: string } }; data: T[] };

/** The API's largest page: most jobs' results come in one request. */
const RESULTS_PAGE_SIZE = 1000;

export const TERMINAL_JOB_STATUSES = new Set(["Completed", "CompletedWithErrors", "Failed"]);

export function fetchJob(jobId: string, signal?: AbortSignal): Promise<TJobStatus> {
  return apiJson(getJobOperation, { params: { path: { jobId } }, signal });
}

/**
 * Every result of a job, page after page of one result set (the first page's token goes with the others). The
 * operation answers either kind of job's results; the caller names the one it follows (ZJobResults, ZPaymentRunResults).
 */
export async function fetchJobResults<T>(jobId: string, schema: z.ZodType<ResultsPage<T>>, signal?: AbortSignal): Promise<T[]> {
  const read = async (query: { pageSize: number } | { pageStart: number; pageToken: string }): Promise<ResultsPage<T>> =>
    (await apiJsonAs(listJobResultsOperation, schema, { params: { path: { jobId }, query }, signal })).body;
  const first = await read({ pageSize: RESULTS_PAGE_SIZE });
  const results = [...first.data];
  const { total_size: total, page_token: pageToken } = first.meta.pagination;
  for (let pageStart = 2; results.length < total && (pageStart - 1) * RESULTS_PAGE_SIZE < total; pageStart += 1) {
    const page = await read({ pageStart, pageToken });
    results.push(...page.data);
  }
  return results;
}
