import "server-only";
import { z } from "zod";
import { pagedList, type PageQuery } from "@/lib/server/core/lists/list";
import type { Queryable } from "@/lib/server/core/db/types";
import { ApiError } from "@/lib/contract/http/errors";
import { StreamedFile } from "@/lib/contract/http/streamed-file";
import { PAIN_002_TYPE } from "@/lib/contract/payment-runs/operations";
import type { TPaymentRunSummary } from "@/lib/contract/payment-runs/schema";
import { findBatch, listBatches, listResults, type BatchRow } from "@/lib/server/domain/payment-runs/repo";
import { pain002, toRunResult } from "@/lib/server/domain/payment-runs/results";
import { toRunSummary } from "@/lib/server/domain/payment-runs/serialize";

const ZUuid = z.uuid();

/** The client's run by id, or null (another client's, and an id that is not a UUID, are simply unknown). */
export async function findRun(db: Queryable, clientId: string, batchId: string): Promise<BatchRow | null> {
  return ZUuid.safeParse(batchId).success ? findBatch(db, clientId, batchId.toLowerCase()) : null;
}

const runNotFound = () => new ApiError("JOB_NOT_FOUND", "No payment run with that id was found for this client.", { field: "batchId" });

export async function getRunSummary(db: Queryable, clientId: string, batchId: string, baseUrl: string): Promise<TPaymentRunSummary> {
  const row = await findRun(db, clientId, batchId);
  if (!row) throw runNotFound();
  return toRunSummary(row, baseUrl);
}

export function listRunsPage(db: Queryable, clientId: string, query: PageQuery, secret: string, baseUrl: string) {
  return pagedList(secret, { clientId, endpoint: "GET /v1/payment-batches", filters: {} }, query, async (page) => {
    const { rows, total } = await listBatches(db, clientId, page);
    return { items: rows.map((row) => toRunSummary(row, baseUrl)), total };
  });
}

/** Results in file order, a page at a time; only processed items have one (the run's processed count is the total). */
export function runResultsPage(db: Queryable, clientId: string, row: BatchRow, query: PageQuery, secret: string) {
  const binding = { clientId, endpoint: "GET /v1/jobs/{jobId}/results", filters: { jobId: row.batch_id } };
  return pagedList(secret, binding, query, async (page) => ({
    items: (await listResults(db, clientId, row.batch_id, page)).map(toRunResult),
    total: row.processed_items,
  }));
}

/** The whole run as an ISO 20022 pain.002.001.10 status report (a download). */
export async function runStatusReport(db: Queryable, clientId: string, row: BatchRow): Promise<StreamedFile> {
  const rows = await listResults(db, clientId, row.batch_id, { limit: row.total_items, offset: 0 });
  const bytes = new TextEncoder().encode(pain002(row, rows, new Date()));
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  return new StreamedFile(stream, `${PAIN_002_TYPE}; charset=utf-8`, `pain.002-${row.batch_id}.xml`);
}
