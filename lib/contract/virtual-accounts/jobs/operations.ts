import { defineOperation } from "@/lib/contract/http/operation";
import { paginationQuery } from "@/lib/contract/http/pagination";
import { ZJobResults, ZJobStatus } from "@/lib/contract/virtual-accounts/responses";
import { ZJobParams } from "@/lib/contract/virtual-accounts/schema";

/** decisions §2: either permission reads jobs. */
const JOB_ACCESS = { permission: ["create-virtual-account", "get-virtual-accounts"] } as const;

export const getJobOperation = defineOperation({
  id: "getJob",
  method: "GET",
  path: "/v1/jobs/{jobId}",
  tag: "Virtual accounts",
  summary: "Status and progress counters of a virtual-account batch job",
  access: JOB_ACCESS,
  params: ZJobParams,
  response: ZJobStatus,
  csv: true,
  errors: ["JOB_NOT_FOUND"],
});

export const listJobResultsOperation = defineOperation({
  id: "listJobResults",
  method: "GET",
  path: "/v1/jobs/{jobId}/results",
  tag: "Virtual accounts",
  summary: "Per-item results of a batch job, in item order",
  description: "One record per processed item: Created with its virtualAccountNumber, or Failed with an error. Paginated.",
  access: JOB_ACCESS,
  params: ZJobParams,
  query: paginationQuery().strict(),
  response: ZJobResults,
  csv: true,
  errors: ["JOB_NOT_FOUND", "VALIDATION_ERROR", "INVALID_PAGE_TOKEN"],
});
