import "server-only";
import { z } from "zod";
import { pagedList, type PageQuery } from "@/lib/server/core/lists/list";
import type { Queryable } from "@/lib/server/core/db/types";
import { ApiError } from "@/lib/contract/http/errors";
import { findJob, listJobResults, type JobRow } from "@/lib/server/domain/virtual-accounts/jobs/repo";
import { toJobResult, toJobStatus } from "@/lib/server/domain/virtual-accounts/jobs/serialize";
import type { TJobStatus } from "@/lib/contract/virtual-accounts/responses";

const ZUuid = z.uuid();

/** Another client's job, and an id that is not even a UUID, answer exactly as an unknown job. */
async function findJobOrThrow(db: Queryable, clientId: string, jobId: string): Promise<JobRow> {
  const row = ZUuid.safeParse(jobId).success ? await findJob(db, clientId, jobId.toLowerCase()) : null;
  if (!row) throw new ApiError("JOB_NOT_FOUND", "No job with that id was found for this client.", { field: "jobId" });
  return row;
}

export async function getJobStatus(db: Queryable, clientId: string, jobId: string, baseUrl: string): Promise<TJobStatus> {
  return toJobStatus(await findJobOrThrow(db, clientId, jobId), baseUrl);
}

/** Results in item order (index ascending): the order the client sent the items in. */
export async function listJobResultsPage(db: Queryable, clientId: string, jobId: string, query: PageQuery, secret: string) {
  const job = await findJobOrThrow(db, clientId, jobId);
  const binding = { clientId, endpoint: "GET /v1/jobs/{jobId}/results", filters: { jobId: job.job_id } };
  return pagedList(secret, binding, query, async (page) => {
    const { rows, total } = await listJobResults(db, clientId, job.job_id, page);
    return { items: rows.map(toJobResult), total };
  });
}
