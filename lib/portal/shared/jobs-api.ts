import type { z } from "zod";
import { getJobOperation, listJobResultsOperation } from "@/lib/contract/virtual-accounts/jobs/operations";
import type { TJobStatus } from "@/lib/contract/virtual-accounts/responses";
import { apiFetch, apiJson } from "@/lib/portal/shared/api-client";
import { readJson } from "@/lib/portal/shared/read-json";

/** Batch jobs as the portal follows them (GET /v1/jobs/{id} and its results): virtual-account batches and payment runs. */

type ResultsPage<T> = { meta: { pagination: { total_size: number; page_token: string } }; data: T[] };

/** The API's largest page: most jobs' results come in one request. */
const RESULTS_PAGE_SIZE = 1000;

export const TERMINAL_JOB_STATUSES = new Set(["Completed", "CompletedWithErrors", "Failed"]);

export function fetchJob(jobId: string, signal?: AbortSignal): Promise<TJobStatus> {
  return apiJson(getJobOperation, `/v1/jobs/${encodeURIComponent(jobId)}`, { signal });
}

/**
 * Every result of a job, page after page of one result set (the first page's token goes with the others). The
 * operation answers either kind of job's results; the caller names the one it follows (ZJobResults, ZPaymentRunResults).
 */
export async function fetchJobResults<T>(jobId: string, schema: z.ZodType<ResultsPage<T>>, signal?: AbortSignal): Promise<T[]> {
  const path = `/v1/jobs/${encodeURIComponent(jobId)}/results`;
  const read = async (query: string): Promise<ResultsPage<T>> => {
    const response = await apiFetch(`${path}?${query}`, { signal });
    return readJson(response, schema, listJobResultsOperation.id);
  };
  const first = await read(`pageSize=${RESULTS_PAGE_SIZE}`);
  const results = [...first.data];
  const { total_size: total, page_token: pageToken } = first.meta.pagination;
  for (let pageStart = 2; results.length < total && (pageStart - 1) * RESULTS_PAGE_SIZE < total; pageStart += 1) {
    const page = await read(`pageStart=${pageStart}&pageToken=${encodeURIComponent(pageToken)}`);
    results.push(...page.data);
  }
  return results;
}
