import { ZReturnPaymentRequest } from "@/lib/contract/payments/returns";
import { defineOperation } from "@/lib/contract/http/operation";
import { paginationQuery } from "@/lib/contract/http/pagination";
import { ACH_REQUEST_EXAMPLE, STATUS_RECORD_EXAMPLE, SWIFT_REQUEST_EXAMPLE, SWIFT_RESPONSE_EXAMPLE } from "@/lib/contract/payments/examples";
import {
  ZAccountPaymentsParams,
  ZAchPaymentRequest,
  ZForceStatusRequest,
  ZPaymentParams,
  ZPaymentResponse,
  ZPaymentStatusList,
  ZPaymentStatusRecord,
  ZSwiftPaymentRequest,
} from "@/lib/contract/payments/schema";
import { ZPaymentDetail, ZPaymentList, ZPaymentSearchQuery } from "@/lib/contract/payments/search";

const SANDBOX_SIMULATE_HEADER = {
  name: "Sandbox-Simulate",
  description: "UAT only (ignored in production): `DEDUPE_LOCK_UNAVAILABLE` answers 503 with nothing submitted.",
};

const PAYMENT_ERRORS = ["DEDUPE_LOCK_UNAVAILABLE"] as const;

export const createAchPaymentOperation = defineOperation({
  id: "createAchPayment",
  method: "POST",
  path: "/v1/payments/ach-local",
  tag: "Payments",
  summary: "Submit a domestic ACH payment in USD or BMD",
  description:
    "Debits the caller's active account at once (funds are reserved; an uncovered payment is a 201 with status `failed`). " +
    "Settles the same day before 15:15 Bermuda time on a business day, otherwise the next business day. " +
    "instructionIdentification is unique per client on ACH for 24 hours (409 ACH_LOCAL_DUPLICATE_INSTRUCTION_ID).",
  access: { permission: "payment-ach" },
  body: ZAchPaymentRequest,
  response: ZPaymentResponse,
  status: 201,
  csv: false,
  idempotency: "optional",
  errors: [...PAYMENT_ERRORS, "VALIDATION_ERROR", "BANK_REFERENCE_NOT_FOUND", "ACH_LOCAL_DUPLICATE_INSTRUCTION_ID"],
  headers: [SANDBOX_SIMULATE_HEADER],
  example: { request: ACH_REQUEST_EXAMPLE },
});

export const createSwiftPaymentOperation = defineOperation({
  id: "createSwiftPayment",
  method: "POST",
  path: "/v1/payments/swift",
  tag: "Payments",
  summary: "Submit an international SWIFT payment, optionally cross-currency",
  description:
    "Send instructedAmount {currency, amount} for a same-currency payment, or debitAmount plus instructedAmount {currency} to " +
    "debit an exact amount and convert it at the bank's rate (shown in linkedActivities). chargesType OUR/SHA/BEN sets the " +
    "flat fee debited (35.00/15.00/0.00). instructionIdentification is unique per client on SWIFT for 24 hours.",
  access: { permission: "payment-swift" },
  body: ZSwiftPaymentRequest,
  response: ZPaymentResponse,
  status: 201,
  csv: false,
  idempotency: "optional",
  errors: [...PAYMENT_ERRORS, "VALIDATION_ERROR", "PAYMENT_DUPLICATE_INSTRUCTION_ID"],
  headers: [SANDBOX_SIMULATE_HEADER],
  example: { request: SWIFT_REQUEST_EXAMPLE, response: SWIFT_RESPONSE_EXAMPLE },
});

export const getPaymentStatusOperation = defineOperation({
  id: "getPaymentStatus",
  method: "GET",
  path: "/v1/payments/{paymentId}/status",
  tag: "Payments",
  summary: "Look up one payment's status",
  access: { permission: "get-payment-status" },
  params: ZPaymentParams,
  response: ZPaymentStatusRecord,
  csv: true,
  errors: ["PAYMENT_NOT_FOUND"],
  example: { response: STATUS_RECORD_EXAMPLE },
});

export const listAccountPaymentsOperation = defineOperation({
  id: "listAccountPayments",
  method: "GET",
  path: "/v1/accounts/{accountNumber}/payments",
  tag: "Payments",
  summary: "List the payments debited from one of the client's accounts, newest first",
  access: { permission: "get-payment-status" },
  params: ZAccountPaymentsParams,
  query: paginationQuery().strict(),
  response: ZPaymentStatusList,
  csv: true,
  errors: ["INVALID_PAGE_TOKEN", "ACCOUNT_NOT_FOUND"],
});

export const forcePaymentStatusOperation = defineOperation({
  id: "forcePaymentStatus",
  method: "POST",
  path: "/v1/sandbox/payments/{paymentId}/status",
  tag: "Sandbox",
  summary: "Force a payment's lifecycle move (UAT only)",
  description:
    "Pending -> Completed | Failed; Completed -> Reversed. Failed and Reversed return the funds. Any other move is 409 " +
    "INVALID_STATUS_TRANSITION. In production the operation does not exist (404).",
  access: { permission: "sandbox" },
  params: ZPaymentParams,
  body: ZForceStatusRequest,
  response: ZPaymentStatusRecord,
  csv: false,
  errors: ["NOT_FOUND", "PAYMENT_NOT_FOUND", "INVALID_STATUS_TRANSITION"],
  example: { request: { status: "Completed" } },
});

export const listPaymentsOperation = defineOperation({
  id: "listPayments",
  method: "GET",
  path: "/v1/payments",
  tag: "Payments",
  summary: "Search the payments of all the client's accounts, newest first",
  description:
    "Filters combine (AND): beneficiary (part of the name or account number), reference (part of a remittance line), " +
    "instructionIdentification (exact), accountNumber (debit account), status, rail, minAmount/maxAmount (the debited amount, " +
    "inclusive) and fromDate/toDate (submission date in bank time, inclusive). The page token binds the filters: " +
    "change one and start again without pageToken. CSV by Accept: text/csv, as every list.",
  access: { permission: "get-payment-status" },
  query: ZPaymentSearchQuery,
  response: ZPaymentList,
  csv: true,
  errors: ["VALIDATION_ERROR", "INVALID_PAGE_TOKEN"],
});

export const getPaymentOperation = defineOperation({
  id: "getPayment",
  method: "GET",
  path: "/v1/payments/{paymentId}",
  tag: "Payments",
  summary: "One payment with its beneficiary, debit account, submission time and submitter",
  access: { permission: "get-payment-status" },
  params: ZPaymentParams,
  response: ZPaymentDetail,
  csv: true,
  errors: ["PAYMENT_NOT_FOUND"],
});

export const returnPaymentOperation = defineOperation({
  id: "returnPayment",
  method: "POST",
  path: "/v1/sandbox/payments/{paymentId}/return",
  tag: "Sandbox",
  summary: "Return a Completed payment as the beneficiary's bank would (UAT only)",
  description:
    "A Completed ACH or SWIFT payment becomes Reversed with returnReason {code, description} (ISO 20022 ExternalReturnReason1Code); " +
    "principal and charges are credited back as one ledger entry whose statement line names the reason, and PaymentStatusChanged " +
    "and PaymentReturned are raised. Any other status is 409 INVALID_STATUS_TRANSITION. In production the operation does not exist (404).",
  access: { permission: "sandbox" },
  params: ZPaymentParams,
  body: ZReturnPaymentRequest,
  response: ZPaymentStatusRecord,
  csv: false,
  errors: ["NOT_FOUND", "PAYMENT_NOT_FOUND", "INVALID_STATUS_TRANSITION"],
  example: { request: { reasonCode: "AC04" } },
});

export const cancelPaymentOperation = defineOperation({
  id: "cancelPayment",
  method: "POST",
  path: "/v1/payments/{paymentId}/cancel",
  tag: "Payments",
  summary: "Cancel a Scheduled payment before its day",
  description:
    "A payment made with a future requestedExecutionDate is Scheduled and holds nothing; cancelling it makes it Cancelled " +
    "(audited, PaymentStatusChanged raised) and the worker never makes it. Needs the permission of the payment's rail. " +
    "Any other status is 409 INVALID_STATUS_TRANSITION.",
  access: { permission: ["payment-ach", "payment-swift", "payment-internal"] },
  params: ZPaymentParams,
  response: ZPaymentStatusRecord,
  status: 200,
  csv: false,
  errors: ["PAYMENT_NOT_FOUND", "INVALID_STATUS_TRANSITION", "FORBIDDEN"],
});
