import { defineOperation } from "@/lib/contract/http/operation";
import { paginationQuery } from "@/lib/contract/http/pagination";
import { ZJobAccepted } from "@/lib/contract/virtual-accounts/responses";
import {
  MAX_RUN_BODY_BYTES,
  MAX_RUN_ITEMS,
  ZPaymentBatchRequest,
  ZPaymentRunList,
  ZPaymentRunParams,
  ZPaymentRunSummary,
} from "@/lib/contract/payment-runs/schema";

const tag = "Payment runs";

export const PAIN_001_TYPE = "application/xml";
export const PAIN_002_TYPE = "application/xml";
export const RUN_CSV_TYPE = "text/csv";

/**
 * Who reads runs: whoever makes them (`payment-batch`), and whoever may read the payments they make
 * (`get-payment-status`: every portal role, so a viewer sees the list and an approver the run they approved).
 * Sending a run still needs `payment-batch` and each item's rail permission.
 */
export const RUN_READERS = ["payment-batch", "get-payment-status"] as const;

export const createPaymentBatchOperation = defineOperation({
  id: "createPaymentBatch",
  method: "POST",
  path: "/v1/payment-batches",
  tag,
  summary: "Submit a payment run: up to 10,000 ACH, SWIFT and internal payments as JSON, CSV or ISO 20022 pain.001.001.09",
  description:
    `Each item is exactly the rail's own request body. The whole file is checked before anything is created: any invalid item is a 400 ` +
    "VALIDATION_ERROR whose `details` name each one (`items[3].request.creditorAccount.name`, CSV `line 5: ...`, pain.001 the EndToEndId); " +
    "an instructionIdentification used twice on one rail in the file is such an error. Needs `payment-batch` and the rail permission " +
    `of every item (403 for the whole file). At most ${MAX_RUN_ITEMS} items; bodies up to ${MAX_RUN_BODY_BYTES.json} bytes as JSON, ` +
    `${MAX_RUN_BODY_BYTES.csv} as CSV, ${MAX_RUN_BODY_BYTES.xml} as XML (413 past them). Answers 202 with the job; the worker makes ` +
    "each payment once with the rail's own rules, items independent. docs/payment-runs.md.",
  access: { permission: "payment-batch" },
  body: ZPaymentBatchRequest,
  bodyLimit: MAX_RUN_BODY_BYTES.json,
  uploads: [
    { type: RUN_CSV_TYPE, maxBytes: MAX_RUN_BODY_BYTES.csv, description: "One row per payment; columns and template in docs/payment-runs.md" },
    { type: PAIN_001_TYPE, maxBytes: MAX_RUN_BODY_BYTES.xml, description: "ISO 20022 pain.001.001.09 CustomerCreditTransferInitiation" },
  ],
  response: ZJobAccepted,
  status: 202,
  csv: false,
  idempotency: "optional",
  errors: ["VALIDATION_ERROR", "FORBIDDEN", "PAYLOAD_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE"],
});

export const listPaymentBatchesOperation = defineOperation({
  id: "listPaymentBatches",
  method: "GET",
  path: "/v1/payment-batches",
  tag,
  summary: "The client's payment runs, newest first, with their status, counts and totals per currency",
  access: { permission: RUN_READERS },
  query: paginationQuery().strict(),
  response: ZPaymentRunList,
  csv: true,
  errors: ["VALIDATION_ERROR", "INVALID_PAGE_TOKEN"],
});

export const getPaymentBatchOperation = defineOperation({
  id: "getPaymentBatch",
  method: "GET",
  path: "/v1/payment-batches/{batchId}",
  tag,
  summary: "One payment run: status, counts, totals per currency and the links to its job and results",
  access: { permission: RUN_READERS },
  params: ZPaymentRunParams,
  response: ZPaymentRunSummary,
  csv: true,
  errors: ["JOB_NOT_FOUND"],
});

export const PAYMENT_RUN_OPERATIONS = [createPaymentBatchOperation, listPaymentBatchesOperation, getPaymentBatchOperation] as const;
