import { defineOperation } from "@/lib/contract/http/operation";
import { paginationQuery } from "@/lib/contract/http/pagination";
import { z } from "zod";
import { ZJobResults, ZJobStatus } from "@/lib/contract/virtual-accounts/responses";
import { ZPaymentRunResults } from "@/lib/contract/payment-runs/schema";
import { PAIN_002_TYPE, RUN_READERS } from "@/lib/contract/payment-runs/operations";
import { ZStreamedFile } from "@/lib/contract/http/streamed-file";
import { ZJobParams } from "@/lib/contract/virtual-accounts/schema";

/** decisions §2: either permission reads virtual-account jobs; RUN_READERS read payment runs' jobs (the service checks the kind). */
const JOB_ACCESS = { permission: ["create-virtual-account", "get-virtual-accounts", ...RUN_READERS] } as const;

export const getJobOperation = defineOperation({
  id: "getJob",
  method: "GET",
  path: "/v1/jobs/{jobId}",
  tag: "Virtual accounts",
  summary: "Status and progress counters of a batch job (virtual accounts or a payment run)",
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
  description:
    "One record per processed item. A virtual-account job: Created with its virtualAccountNumber, or Failed with an error. A payment run: " +
    "Created, Failed or Rejected with its paymentId, transactionStatus and endToEndId; with `Accept: application/xml` the whole run as an " +
    "ISO 20022 pain.002.001.10 customer payment status report. Paginated (JSON, CSV).",
  access: JOB_ACCESS,
  params: ZJobParams,
  query: paginationQuery().strict(),
  response: z.union([ZJobResults, ZPaymentRunResults, ZStreamedFile]),
  csv: true,
  accepts: [PAIN_002_TYPE],
  errors: ["JOB_NOT_FOUND", "VALIDATION_ERROR", "INVALID_PAGE_TOKEN"],
});
