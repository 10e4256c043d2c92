import "server-only";
import type { PoolClient } from "pg";
import { withTransaction } from "@/lib/server/core/db/transaction";
import { enqueueDelivery } from "@/lib/server/domain/delivery/outbox";
import { raiseEvent } from "@/lib/server/domain/events/raise";
import type { Task } from "@/lib/server/core/jobs/queue-repo";
import type { TaskDefinition } from "@/lib/server/core/jobs/worker";
import type { Runtime } from "@/lib/server/core/runtime";
import { virtualAccountNumber } from "@/lib/contract/virtual-accounts/numbering";
import { systemActor } from "@/lib/server/core/audit/actors";
import { writeAudit } from "@/lib/server/core/audit/write";
import { listProvisionedCurrencies } from "@/lib/server/domain/virtual-accounts/repo";
import {
  advanceJob,
  failJob,
  findJobItems,
  insertJobAccounts,
  insertJobFailures,
  lockJob,
  markJobStarted,
  nextSequenceValues,
  type AccountSpec,
  type ItemFailure,
  type JobRow,
  type JobStatus,
  type NewAccount,
} from "@/lib/server/domain/virtual-accounts/jobs/repo";
import { toCallbackBody } from "@/lib/server/domain/virtual-accounts/jobs/serialize";

export const CREATE_VIRTUAL_ACCOUNTS_TASK = "virtual-accounts.create";

/**
 * Items per transaction. Each chunk commits its accounts and the job's
 * counters together, so a crash loses at most the chunk in flight, and a
 * re-claimed task resumes after the last committed one. 250 keeps a 1000-item
 * job to four short transactions while progress stays visible.
 */
export const CHUNK_SIZE = 250;

const TERMINAL: ReadonlySet<JobStatus> = new Set(["Completed", "CompletedWithErrors", "Failed"]);

function finalStatus(succeeded: number, failed: number): JobStatus {
  if (failed === 0) return "Completed";
  return succeeded === 0 ? "Failed" : "CompletedWithErrors";
}

/** Items that can no longer be created (their currency was de-provisioned after acceptance) fail one by one. */
function partition(specs: readonly AccountSpec[], firstIndex: number, provisioned: ReadonlySet<string>) {
  const creatable: Array<{ spec: AccountSpec; index: number }> = [];
  const failures: ItemFailure[] = [];
  specs.forEach((spec, i) => {
    const index = firstIndex + i;
    if (provisioned.has(spec.currency)) creatable.push({ spec, index });
    else
      failures.push({
        index,
        clientReference: spec.clientReference,
        code: "CURRENCY_NOT_PROVISIONED",
        message: `Currency ${spec.currency} is no longer provisioned for virtual accounts.`,
      });
  });
  return { creatable, failures };
}

/** What a job completion commits with it: the audit row, the JobCompleted event and, when asked for, the callback in the outbox. */
async function onJobFinished(tx: PoolClient, clientId: string, job: JobRow): Promise<void> {
  await writeAudit(tx, {
    clientId,
    actor: systemActor("virtual-accounts"),
    action: `virtual_account_job.${job.status.toLowerCase()}`,
    entity: "virtual_account_job",
    entityId: job.job_id,
    data: { totalItems: job.total_items, succeededItems: job.succeeded_items, failedItems: job.failed_items },
  });
  const body = toCallbackBody(job);
  await raiseEvent(
    { db: tx, actor: { clientId } },
    { topic: "JobCompleted", data: { ...body, kind: "VirtualAccounts", completedAt: body.completedAt ?? new Date().toISOString() } },
  );
  if (job.callback_url) {
    await enqueueDelivery(tx, {
      clientId,
      url: job.callback_url,
      body,
      customHeaders: job.custom_headers,
      source: { kind: "job", id: job.job_id },
      eventId: job.job_id,
    });
  }
}

/**
 * Runs the next chunk of a job in one transaction. The job row is locked
 * first, so two workers that both hold the task (a lease lapsed while the
 * first was still alive) take turns and the second sees the first's
 * progress. Returns true once the job is finished.
 */
export async function runNextChunk(tx: PoolClient, clientId: string, jobId: string, items: readonly AccountSpec[], chunkSize = CHUNK_SIZE): Promise<boolean> {
  const job = await lockJob(tx, clientId, jobId);
  if (!job || TERMINAL.has(job.status)) return true;
  const start = job.processed_items;
  const slice = items.slice(start, start + chunkSize);
  const { creatable, failures } = partition(slice, start, new Set(await listProvisionedCurrencies(tx, clientId)));
  const sequences = await nextSequenceValues(tx, creatable.length);
  const accounts: NewAccount[] = creatable.map(({ spec, index }, i) => ({ ...spec, index, number: virtualAccountNumber(sequences[i]!) }));
  const created = await insertJobAccounts(tx, clientId, jobId, job.actor, accounts);
  await insertJobFailures(tx, clientId, jobId, failures);

  const processed = start + slice.length;
  const succeeded = job.succeeded_items + created;
  const failed = job.failed_items + failures.length;
  const finished = processed >= job.total_items;
  const updated = await advanceJob(tx, clientId, jobId, {
    processed,
    succeeded,
    failed,
    status: finished ? finalStatus(succeeded, failed) : "Processing",
    finished,
  });
  if (finished) await onJobFinished(tx, clientId, updated);
  return finished;
}

export async function processJob(runtime: Runtime, clientId: string, jobId: string, chunkSize = CHUNK_SIZE): Promise<void> {
  const items = await findJobItems(runtime.db, clientId, jobId);
  if (!items) return;
  await markJobStarted(runtime.db, clientId, jobId);
  while (!(await withTransaction(runtime.db, (tx) => runNextChunk(tx, clientId, jobId, items, chunkSize)))) {
    // Each iteration committed one chunk.
  }
}

const MAX_ATTEMPTS = 8;

async function handle(task: Task, runtime: Runtime): Promise<void> {
  const clientId = task.client_id;
  const jobId = typeof task.payload.jobId === "string" ? task.payload.jobId : null;
  if (!clientId || !jobId) return;
  try {
    await processJob(runtime, clientId, jobId);
  } catch (error) {
    // The queue is about to give up: the job must not stay Processing for ever.
    if (task.attempts >= MAX_ATTEMPTS) {
      await withTransaction(runtime.db, async (tx) => {
        const failed = await failJob(tx, clientId, jobId, error instanceof Error ? error.message : String(error));
        if (failed) await onJobFinished(tx, clientId, failed);
      }).catch(() => {});
    }
    throw error;
  }
}

export const CREATE_VIRTUAL_ACCOUNTS_TASK_DEFINITION: TaskDefinition = {
  kind: CREATE_VIRTUAL_ACCOUNTS_TASK,
  // A 1000-item job takes well under a second; a lapsed lease means the worker died, and the job resumes after it.
  // (The worker claims with the longest lease of its kinds, so the effective lease may be longer.)
  leaseSeconds: 30,
  maxAttempts: MAX_ATTEMPTS,
  handle,
};
