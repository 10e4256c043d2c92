import "server-only";
import type { RequestContext } from "@/lib/server/entry/http/endpoint";
import { ApiError } from "@/lib/contract/http/errors";
import type { getJobOperation, listJobResultsOperation } from "@/lib/contract/virtual-accounts/jobs/operations";
import { PAIN_002_TYPE, RUN_READERS } from "@/lib/contract/payment-runs/operations";
import { getJobStatus, listJobResultsPage } from "@/lib/server/domain/virtual-accounts/jobs/service";
import { findRun, runResultsPage, runStatusReport } from "@/lib/server/domain/payment-runs/service";
import { toRunJobStatus } from "@/lib/server/domain/payment-runs/serialize";

/**
 * /v1/jobs serves two kinds of job: virtual-account batches and payment runs
 * (decisions §6, §11). Each kind answers only a caller holding its permission;
 * to anyone else it is an unknown job.
 */
const VIRTUAL_ACCOUNT_READERS = ["create-virtual-account", "get-virtual-accounts"] as const;

type Caller = Pick<RequestContext<typeof getJobOperation>, "runtime" | "principal" | "params">;

async function paymentRunOf({ runtime, principal, params }: Caller) {
  return RUN_READERS.some((p) => principal.scopes.has(p)) ? findRun(runtime.db, principal.clientId, params.jobId) : null;
}

function assertVirtualAccountReader({ principal }: Caller): void {
  if (!VIRTUAL_ACCOUNT_READERS.some((p) => principal.scopes.has(p))) {
    throw new ApiError("JOB_NOT_FOUND", "No job with that id was found for this client.", { field: "jobId" });
  }
}

export async function jobStatus(ctx: RequestContext<typeof getJobOperation>) {
  const run = await paymentRunOf(ctx);
  if (run) return toRunJobStatus(run, ctx.baseUrl);
  assertVirtualAccountReader(ctx);
  return getJobStatus(ctx.runtime.db, ctx.principal.clientId, ctx.params.jobId, ctx.baseUrl);
}

/** A payment run's results, or with Accept: application/xml its pain.002; a virtual-account job's results (JSON or CSV only). */
export async function jobResults(ctx: RequestContext<typeof listJobResultsOperation>) {
  const { runtime, principal, query } = ctx;
  const run = await paymentRunOf(ctx);
  if (run) {
    if (ctx.mediaType === PAIN_002_TYPE) return runStatusReport(runtime.db, principal.clientId, run);
    return runResultsPage(runtime.db, principal.clientId, run, query, runtime.pageTokenSecret);
  }
  assertVirtualAccountReader(ctx);
  if (ctx.mediaType === PAIN_002_TYPE) throw new ApiError("NOT_ACCEPTABLE", "A virtual-account job's results are JSON or CSV.");
  return listJobResultsPage(runtime.db, principal.clientId, ctx.params.jobId, query, runtime.pageTokenSecret);
}
