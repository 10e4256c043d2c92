import { getPaymentOperation, listPaymentsOperation } from "@/lib/contract/payments/operations";
import { PAYMENT_STATUSES, RAILS, type TPaymentStatus, type TRail } from "@/lib/contract/payments/schema";
import type { ChargesType } from "@/lib/contract/payments/pricing";
import type { TPaymentList, TPaymentSearchFilters, TPaymentSummary } from "@/lib/contract/payments/search";
import { apiJson } from "@/lib/portal/shared/api-client";
import { fetchEveryPage, firstParam, listPageQuery, listViewQuery, pageFromUrl, type PageRequest, type UrlParams } from "@/lib/portal/shared/filtered-list";

/**
 * The payments view across all accounts: its URL state, the GET /v1/payments
 * calls, every page of the filtered set for its spreadsheet
 * (payments-csv.ts). The filters are the API's
 * own (lib/contract/payments/search.ts), so the server pages and counts them.
 */

/** A rail as people read it: the API's `INTERNAL` is a transfer between the organisation's own accounts. */
export const RAIL_LABELS: Readonly<Record<TRail, string>> = { ACH: "ACH", SWIFT: "SWIFT", INTERNAL: "Internal transfer" };

/** Who pays a SWIFT payment's charges, in words beside the API's code (docs/payments.md). */
export const CHARGES_LABELS: Readonly<Record<ChargesType, string>> = {
  OUR: "OUR: you pay all charges",
  SHA: "SHA: shared (you pay Harbour's, the beneficiary the rest)",
  BEN: "BEN: the beneficiary pays all charges",
};

export type PaymentsView = { page: number; size: number; filters: TPaymentSearchFilters };

/** URL parameter of each filter; `account` is the one links from an account page use. */
const URL_NAMES = {
  beneficiary: "beneficiary",
  reference: "reference",
  instructionIdentification: "instruction",
  accountNumber: "account",
  status: "status",
  rail: "rail",
  minAmount: "min",
  maxAmount: "max",
  fromDate: "from",
  toDate: "to",
} as const satisfies Record<keyof TPaymentSearchFilters, string>;
type FilterName = keyof typeof URL_NAMES;
const FILTER_NAMES = Object.keys(URL_NAMES) as FilterName[];

export function parsePaymentsView(params: UrlParams): PaymentsView {
  const filters: Record<string, string> = {};
  for (const name of FILTER_NAMES) {
    const value = firstParam(params[URL_NAMES[name]]).slice(0, 100);
    if (value) filters[name] = value;
  }
  // Values the API would refuse are dropped here, not sent: a hand-edited URL still shows a list.
  if (filters.status && !(PAYMENT_STATUSES as readonly string[]).includes(filters.status)) delete filters.status;
  if (filters.rail && !(RAILS as readonly string[]).includes(filters.rail)) delete filters.rail;
  return { ...pageFromUrl(params), filters: filters as TPaymentSearchFilters & { status?: TPaymentStatus; rail?: TRail } };
}

export function paymentsViewQuery(view: PaymentsView): string {
  return listViewQuery(view, URL_NAMES);
}

export const hasPaymentFilters = (filters: TPaymentSearchFilters) => FILTER_NAMES.some((name) => Boolean(filters[name]));

export function fetchPaymentsPage(filters: TPaymentSearchFilters, page: PageRequest, signal?: AbortSignal): Promise<TPaymentList> {
  return apiJson(listPaymentsOperation, { params: { query: listPageQuery(filters, page) }, signal });
}

export function fetchPaymentSummary(paymentId: string, signal?: AbortSignal): Promise<{ data: TPaymentSummary }> {
  return apiJson(getPaymentOperation, { params: { path: { paymentId } }, signal });
}

/** Every payment matching the filters, for the spreadsheet (lib/portal/shared/filtered-list.ts). */
export function fetchAllPayments(
  filters: TPaymentSearchFilters,
  onProgress?: (progress: { loaded: number; total: number }) => void,
  signal?: AbortSignal,
): Promise<TPaymentSummary[]> {
  return fetchEveryPage(
    (page) => fetchPaymentsPage(filters, page, signal),
    onProgress,
    (p) => p.transactionId,
  );
}
