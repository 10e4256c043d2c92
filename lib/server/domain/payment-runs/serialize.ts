import "server-only";
import type { TJobStatus } from "@/lib/contract/virtual-accounts/responses";
import type { TPaymentRunSummary } from "@/lib/contract/payment-runs/schema";
import { jobLinks } from "@/lib/server/domain/virtual-accounts/jobs/serialize";
import type { BatchRow } from "@/lib/server/domain/payment-runs/repo";

/** The run as a job (decisions §6, §11): succeeded are the payments made, failed the items that made none or a failed one. */
export function toRunJobStatus(row: BatchRow, baseUrl: string): TJobStatus {
  return {
    jobId: row.batch_id,
    status: row.status,
    totalItems: row.total_items,
    processedItems: row.processed_items,
    succeededItems: row.created_items,
    failedItems: row.failed_items + row.rejected_items,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
    ...jobLinks(baseUrl, row.batch_id),
  };
}

export function toRunSummary(row: BatchRow, baseUrl: string): TPaymentRunSummary {
  return {
    batchId: row.batch_id,
    status: row.status,
    reference: row.reference,
    format: row.format,
    totalItems: row.total_items,
    processedItems: row.processed_items,
    createdItems: row.created_items,
    failedItems: row.failed_items,
    rejectedItems: row.rejected_items,
    totals: row.totals,
    rails: row.rails,
    createdAt: row.created_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
    submittedBy: row.person ? { email: row.person.email } : null,
    approvedBy: row.approved_by,
    ...jobLinks(baseUrl, row.batch_id),
  };
}
