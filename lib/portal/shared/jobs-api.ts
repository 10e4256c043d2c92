import type { TJobStatus } from "@/lib/contract/virtual-accounts/responses";
import { apiJson } from "@/lib/portal/shared/api-client";

/** Batch jobs as the portal follows them (GET /v1/jobs/{id} and its results): virtual-account batches and payment runs. */

type ResultsPage<T> = { meta: { pagination: { total_size: number; page_token: string } }; data: T[] };

/** The API's largest page: most jobs' results come in one request. */
const RESULTS_PAGE_SIZE = 1000;

export const TERMINAL_JOB_STATUSES = new Set(["Completed", "CompletedWithErrors", "Failed"]);

export function fetchJob(jobId: string, signal?: AbortSignal): Promise<TJobStatus> {
  return apiJson<TJobStatus>(`/v1/jobs/${encodeURIComponent(jobId)}`, { signal });
}

/** Every result of a job, page after page of one result set (the first page's token goes with the others). */
export async function fetchJobResults<T>(jobId: string, signal?: AbortSignal): Promise<T[]> {
  const path = `/v1/jobs/${encodeURIComponent(jobId)}/results`;
  const first = await apiJson<ResultsPage<T>>(`${path}?pageSize=${RESULTS_PAGE_SIZE}`, { signal });
  const results = [...first.data];
  const { total_size: total, page_token: pageToken } = first.meta.pagination;
  for (let pageStart = 2; results.length < total && (pageStart - 1) * RESULTS_PAGE_SIZE < total; pageStart += 1) {
    const page = await apiJson<ResultsPage<T>>(`${path}?pageStart=${pageStart}&pageToken=${encodeURIComponent(pageToken)}`, { signal });
    results.push(...page.data);
  }
  return results;
}
