import "server-only";
import type { PoolClient } from "pg";
import { ApiError } from "@/lib/contract/http/errors";
import { withTransaction } from "@/lib/server/core/db/transaction";
import type { Unit } from "@/lib/server/core/unit";
import type { Task } from "@/lib/server/core/jobs/queue-repo";
import type { TaskDefinition } from "@/lib/server/core/jobs/worker";
import type { Runtime } from "@/lib/server/core/runtime";
import { writeAudit } from "@/lib/server/core/audit/write";
import { systemActor } from "@/lib/server/core/audit/actors";
import { enqueueDelivery } from "@/lib/server/domain/delivery/outbox";
import { raiseEvent } from "@/lib/server/domain/events/raise";
import { submitPayments, type RailDecision } from "@/lib/server/domain/payments/submit";
import { PAYMENT_RUN_TASK } from "@/lib/server/domain/payment-runs/accept";
import { decisionsOf } from "@/lib/server/domain/payment-runs/decisions";
import { toRunJobStatus } from "@/lib/server/domain/payment-runs/serialize";
import {
  finishBatch,
  lockBatch,
  markBatchStarted,
  nextItems,
  recordResults,
  type BatchRow,
  type ItemResult,
  type TodoItem,
} from "@/lib/server/domain/payment-runs/repo";

/**
 * Items per transaction. A chunk's payments (one statement, SQL
 * submit_payments: ledger, audit and settlement-task rows as for one payment)
 * commit with the chunk's results and the run's counters, so a crash loses at
 * most the chunk in flight and nothing of it. docs/payment-runs.md, Speed.
 */
export const RUN_CHUNK_SIZE = 500;

/** The maker, as the run's payments carry them: the submitter (person or integration), from the submission's request. */
function makerUnit(tx: PoolClient, clientId: string, batch: BatchRow): Unit {
  return {
    db: tx,
    inTransaction: true,
    responseSlot: null,
    actor: { clientId, actor: batch.actor, ip: batch.ip, correlationId: batch.correlation_id, person: batch.person },
    now: new Date(),
  };
}

/** Makes a chunk's items with the rails' own use case (set-based form); each item's answer becomes its result. */
async function makeItems(unit: Unit, batch: BatchRow, items: readonly TodoItem[], lockTimeoutMs: number): Promise<ItemResult[]> {
  const decided = await decisionsOf(unit, items);
  const ready = decided.flatMap((d, k) => (d instanceof ApiError ? [] : [{ k, decision: d as RailDecision }]));
  const answers = await submitPayments(
    unit,
    // The run's policy (rail BATCH) was applied to it as a whole when it was accepted or approved.
    { lockTimeoutMs, simulate: null, approvedBy: batch.approved_by.length ? batch.approved_by : undefined, policyApplied: true },
    ready.map((r) => r.decision),
  );
  const byItem = new Map<number, (typeof answers)[number]>(ready.map((r, i) => [r.k, answers[i]!]));
  return items.map((item, k) => {
    const answer = decided[k] instanceof ApiError ? (decided[k] as ApiError) : byItem.get(k)!;
    if (answer instanceof ApiError) {
      return { index: item.index, status: "Rejected", paymentId: null, transactionStatus: null, errorCode: answer.code, errorMessage: answer.message };
    }
    const failure = answer.details.failureReason;
    return {
      index: item.index,
      status: answer.transactionStatus === "Failed" ? "Failed" : "Created",
      paymentId: answer.id,
      transactionStatus: answer.transactionStatus,
      errorCode: failure?.code ?? null,
      errorMessage: failure?.message ?? null,
    };
  });
}

/** What a run's end commits with it: its audit row, the JobCompleted event and, when asked for, the callback in the outbox (decisions §6). */
async function onRunFinished(tx: PoolClient, clientId: string, batch: BatchRow): Promise<void> {
  await writeAudit(tx, {
    clientId,
    actor: systemActor("payment-runs"),
    action: `payment_batch.${batch.status.toLowerCase()}`,
    entity: "payment_batch",
    entityId: batch.batch_id,
    data: { totalItems: batch.total_items, createdItems: batch.created_items, failedItems: batch.failed_items, rejectedItems: batch.rejected_items },
  });
  const status = toRunJobStatus(batch, batch.base_url);
  const body = {
    jobId: status.jobId,
    status: status.status,
    totalItems: status.totalItems,
    succeededItems: status.succeededItems,
    failedItems: status.failedItems,
    statusUrl: status.statusUrl,
    resultUrl: status.resultUrl,
    completedAt: status.completedAt ?? new Date().toISOString(),
  };
  await raiseEvent({ db: tx, actor: { clientId } }, { topic: "JobCompleted", data: { ...body, kind: "PaymentBatch" } });
  if (batch.callback_url) {
    await enqueueDelivery(tx, {
      clientId,
      url: batch.callback_url,
      body,
      customHeaders: batch.custom_headers,
      source: { kind: "job", id: batch.batch_id },
      eventId: batch.batch_id,
    });
  }
}

/**
 * Makes the run's next chunk in one transaction. The run's row is locked
 * first, so two workers holding its task (a lease lapsed while the first was
 * alive) take turns, and the second sees the first's results: an item with a
 * result is never made again. Returns true once the run is finished.
 */
export async function runNextChunk(tx: PoolClient, clientId: string, batchId: string, options: { chunkSize: number; lockTimeoutMs: number }): Promise<boolean> {
  let batch = await lockBatch(tx, clientId, batchId);
  if (!batch || batch.status === "Completed" || batch.status === "Failed") return true;
  const items = await nextItems(tx, clientId, batchId, options.chunkSize);
  if (items.length > 0) {
    const results = await makeItems(makerUnit(tx, clientId, batch), batch, items, options.lockTimeoutMs);
    batch = await recordResults(tx, clientId, batchId, results);
  }
  if (batch.processed_items < batch.total_items) return false;
  const finished = await finishBatch(tx, clientId, batchId, "Completed", null);
  if (finished) await onRunFinished(tx, clientId, finished);
  return true;
}

/** PostgreSQL gave this chunk's transaction up for another's (deadlock, serialization): it wrote nothing, so it runs again. */
const RETRYABLE = new Set(["40P01", "40001"]);

export async function processRun(runtime: Runtime, clientId: string, batchId: string, chunkSize = RUN_CHUNK_SIZE): Promise<void> {
  await markBatchStarted(runtime.db, clientId, batchId);
  const options = { chunkSize, lockTimeoutMs: runtime.config.dedupeLockTimeoutMs };
  for (let retries = 0; ;) {
    try {
      if (await withTransaction(runtime.db, (tx) => runNextChunk(tx, clientId, batchId, options))) return;
    } catch (error) {
      if (!RETRYABLE.has((error as { code?: string })?.code ?? "") || ++retries > 5) throw error;
    }
  }
}

const MAX_ATTEMPTS = 8;

async function handle(task: Task, runtime: Runtime): Promise<void> {
  const clientId = task.client_id;
  const batchId = typeof task.payload.batchId === "string" ? task.payload.batchId : null;
  if (!clientId || !batchId) return;
  try {
    await processRun(runtime, clientId, batchId);
  } catch (error) {
    // The queue is about to give up: the run must not stay Processing for ever (what was made stays made, with its results).
    if (task.attempts >= MAX_ATTEMPTS) {
      await withTransaction(runtime.db, async (tx) => {
        const failed = await finishBatch(tx, clientId, batchId, "Failed", error instanceof Error ? error.message : String(error));
        if (failed) await onRunFinished(tx, clientId, failed);
      }).catch(() => {});
    }
    throw error;
  }
}

export const PAYMENT_RUN_TASK_DEFINITION: TaskDefinition = {
  kind: PAYMENT_RUN_TASK,
  // A 10,000-item run takes seconds; a lapsed lease means the worker died, and the run resumes after its last chunk.
  leaseSeconds: 60,
  maxAttempts: MAX_ATTEMPTS,
  handle,
};
