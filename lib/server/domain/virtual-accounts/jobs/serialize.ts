import "server-only";
import type { JobRow, ResultRow } from "@/lib/server/domain/virtual-accounts/jobs/repo";
import type { TJobAccepted, TJobResult, TJobStatus } from "@/lib/contract/virtual-accounts/responses";

/** Absolute links (decisions §6): the base is PUBLIC_BASE_URL or the request's origin. */
export function jobLinks(baseUrl: string, jobId: string): { statusUrl: string; resultUrl: string } {
  const base = baseUrl.replace(/\/+$/, "");
  return { statusUrl: `${base}/v1/jobs/${jobId}`, resultUrl: `${base}/v1/jobs/${jobId}/results` };
}

export function toJobAccepted(row: JobRow, baseUrl: string): TJobAccepted {
  return { jobId: row.job_id, status: row.status, ...jobLinks(baseUrl, row.job_id) };
}

export function toJobStatus(row: JobRow, baseUrl: string): TJobStatus {
  return {
    jobId: row.job_id,
    status: row.status,
    totalItems: row.total_items,
    processedItems: row.processed_items,
    succeededItems: row.succeeded_items,
    failedItems: row.failed_items,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
    ...jobLinks(baseUrl, row.job_id),
  };
}

/** The completion callback body (decisions §6). */
export function toCallbackBody(row: JobRow) {
  return {
    jobId: row.job_id,
    status: row.status,
    totalItems: row.total_items,
    succeededItems: row.succeeded_items,
    failedItems: row.failed_items,
    ...jobLinks(row.base_url, row.job_id),
    completedAt: row.completed_at?.toISOString() ?? null,
  };
}

export function toJobResult(row: ResultRow): TJobResult {
  const failed = row.error_code !== null;
  return {
    index: row.item_index,
    status: failed ? "Failed" : "Created",
    virtualAccountNumber: row.virtual_account_number,
    clientReference: row.client_reference,
    error: failed ? { code: row.error_code!, message: row.error_message ?? "" } : null,
  };
}
