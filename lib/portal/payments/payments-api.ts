import type { TPaymentResponse, TPaymentStatusList, TPaymentStatusRecord, TRail } from "@/lib/contract/payments/schema";
import {
  cancelPaymentOperation,
  createAchPaymentOperation,
  createSwiftPaymentOperation,
  forcePaymentStatusOperation,
  listAccountPaymentsOperation,
} from "@/lib/contract/payments/operations";
import { createInternalTransferOperation } from "@/lib/contract/ledger/operations";
import { ApiRequestError, apiJson, apiJsonResponse, formBody, type BodyOf } from "@/lib/portal/shared/api-client";
import { pageQuery } from "@/lib/portal/shared/filtered-list";
import type { PageParams } from "@/lib/portal/shared/query-keys";

/** The payments part of the /v1 API, as the portal calls it. */

const PAYMENT_OPERATIONS = { ACH: createAchPaymentOperation, SWIFT: createSwiftPaymentOperation, INTERNAL: createInternalTransferOperation } as const;
export const DUPLICATE_CODES: Readonly<Record<TRail, string>> = {
  ACH: "ACH_LOCAL_DUPLICATE_INSTRUCTION_ID",
  SWIFT: "PAYMENT_DUPLICATE_INSTRUCTION_ID",
  INTERNAL: "INTERNAL_TRANSFER_DUPLICATE_INSTRUCTION_ID",
};

export function fetchAccountPayments(accountNumber: string, params: PageParams & { pageToken?: string }, signal?: AbortSignal): Promise<TPaymentStatusList> {
  return apiJson(listAccountPaymentsOperation, { params: { path: { accountNumber }, query: pageQuery(params) }, signal });
}

/** UAT only (decisions §8): moves a payment along its lifecycle as the bank would. */
export function forcePaymentStatus(paymentId: string, status: BodyOf<typeof forcePaymentStatusOperation>["status"]): Promise<TPaymentStatusRecord> {
  return apiJson(forcePaymentStatusOperation, { params: { path: { paymentId } }, body: { status } });
}

/** A Scheduled payment called off before its day (docs/scheduling.md): Cancelled, nothing was held; 409 once it is not Scheduled. */
export function cancelScheduledPayment(paymentId: string): Promise<TPaymentStatusRecord> {
  return apiJson(cancelPaymentOperation, { params: { path: { paymentId } } });
}

export type SubmitResult = { payment: TPaymentResponse; replayed: boolean };

/**
 * POST a payment with its Idempotency-Key. A thrown TypeError is a network
 * failure (the outcome is unknown); an ApiRequestError carries the API's answer.
 */
export async function postPayment(rail: TRail, body: unknown, idempotencyKey: string, signal?: AbortSignal): Promise<SubmitResult> {
  const operation = PAYMENT_OPERATIONS[rail];
  const params = { header: { "Idempotency-Key": idempotencyKey } };
  const { body: payment, headers } = await apiJsonResponse(operation, { body: formBody(operation, body), params, signal });
  return { payment, replayed: headers.get("idempotent-replayed") === "true" };
}

/** How far back a duplicate is looked for: the 24-hour window rarely holds more than a few pages. */
const DUPLICATE_SEARCH_PAGE_SIZE = 100;
const DUPLICATE_SEARCH_PAGES = 5;

/**
 * After a 409 duplicate, the payment that holds the instructionIdentification
 * (spec §4.3 rule 9: query status rather than post again). The API has no
 * lookup by reference, so the debtor account's payments are scanned newest
 * first; the held id is at most 24 hours old, so it is near the top. The
 * newest match is the holder: a payment refused for funds does not hold the id,
 * and once it is held no newer payment can take it.
 */
export async function findPaymentByReference(
  accountNumber: string,
  rail: TRail,
  reference: string,
  signal?: AbortSignal,
): Promise<TPaymentStatusRecord | null> {
  let pageToken: string | undefined;
  for (let pageStart = 1; pageStart <= DUPLICATE_SEARCH_PAGES; pageStart += 1) {
    const page = await fetchAccountPayments(accountNumber, { pageStart, pageSize: DUPLICATE_SEARCH_PAGE_SIZE, pageToken }, signal);
    const match = page.data.find((p) => p.type === rail && p.externalReference === reference);
    if (match) return match;
    pageToken = page.meta.pagination.page_token;
    if (pageStart * page.meta.pagination.page_size >= page.meta.pagination.total_size) break;
  }
  return null;
}

export type SubmitFailure =
  /** 409 REQUEST_IN_PROGRESS: the same key is being processed; ask again shortly with the same key. */
  | { kind: "in-progress" }
  /** 409 duplicate instructionIdentification: look up the existing payment. */
  | { kind: "duplicate" }
  /** Network failure, 429 or 5xx: the outcome may be unknown; retrying with the same key is safe. */
  | { kind: "retry"; message: string }
  /** Any other answer: the request was refused and nothing was paid. */
  | { kind: "rejected"; error: ApiRequestError };

export function classifySubmitError(error: unknown, rail: TRail): SubmitFailure {
  if (error instanceof ApiRequestError) {
    if (error.status === 409 && error.code === "REQUEST_IN_PROGRESS") return { kind: "in-progress" };
    if (error.status === 409 && error.code === DUPLICATE_CODES[rail]) return { kind: "duplicate" };
    if (error.status === 429 || error.status >= 500) return { kind: "retry", message: error.message };
    return { kind: "rejected", error };
  }
  if (error instanceof DOMException && error.name === "AbortError") throw error;
  return { kind: "retry", message: "The bank did not answer. The payment may or may not have been received." };
}
