import { PAYMENT_STATUSES, type TPaymentStatus, type TRail } from "@/lib/contract/payments/schema";
import type { TPaymentList, TPaymentSearchFilters, TPaymentSummary } from "@/lib/contract/payments/search";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "@/lib/portal/accounts/account-filters";
import { apiJson } from "@/lib/portal/shared/api-client";

/**
 * The payments view across all accounts: its URL state, the GET /v1/payments
 * calls, every page of the filtered set for its spreadsheet
 * (payments-csv.ts). The filters are the API's
 * own (lib/contract/payments/search.ts), so the server pages and counts them.
 */

export type PaymentsView = { page: number; size: number; filters: TPaymentSearchFilters };

type Params = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => ((Array.isArray(v) ? v[0] : v) ?? "").trim();

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

export function parsePaymentsView(params: Params): PaymentsView {
  const page = Number.parseInt(one(params.page), 10);
  const size = Number.parseInt(one(params.size), 10);
  const filters: Record<string, string> = {};
  for (const name of FILTER_NAMES) {
    const value = one(params[URL_NAMES[name]]).slice(0, 100);
    if (value) filters[name] = value;
  }
  // Values the API would refuse are dropped here, not sent: a hand-edited URL still shows a list.
  if (filters.status && !(PAYMENT_STATUSES as readonly string[]).includes(filters.status)) delete filters.status;
  if (filters.rail && filters.rail !== "ACH" && filters.rail !== "SWIFT") delete filters.rail;
  return {
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    filters: filters as TPaymentSearchFilters & { status?: TPaymentStatus; rail?: TRail },
  };
}

export function paymentsViewQuery(view: PaymentsView): string {
  const query = new URLSearchParams();
  for (const name of FILTER_NAMES) {
    const value = view.filters[name];
    if (value) query.set(URL_NAMES[name], value);
  }
  if (view.page !== 1) query.set("page", String(view.page));
  if (view.size !== DEFAULT_PAGE_SIZE) query.set("size", String(view.size));
  const text = query.toString();
  return text ? `?${text}` : "";
}

export const hasPaymentFilters = (filters: TPaymentSearchFilters) => FILTER_NAMES.some((name) => Boolean(filters[name]));

/** The API path of one page; a page token pins the page size, so it is sent instead of the size. */
export function paymentsSearchPath(filters: TPaymentSearchFilters, page: { pageStart: number; pageSize: number; pageToken?: string }): string {
  const query = new URLSearchParams();
  for (const name of FILTER_NAMES) {
    const value = filters[name];
    if (value) query.set(name, value);
  }
  query.set("pageStart", String(page.pageStart));
  if (page.pageToken) query.set("pageToken", page.pageToken);
  else query.set("pageSize", String(page.pageSize));
  return `/v1/payments?${query}`;
}

export function fetchPaymentsPage(
  filters: TPaymentSearchFilters,
  page: { pageStart: number; pageSize: number; pageToken?: string },
  signal?: AbortSignal,
): Promise<TPaymentList> {
  return apiJson<TPaymentList>(paymentsSearchPath(filters, page), { signal });
}

export function fetchPaymentSummary(paymentId: string, signal?: AbortSignal): Promise<{ data: TPaymentSummary }> {
  return apiJson<{ data: TPaymentSummary }>(`/v1/payments/${encodeURIComponent(paymentId)}`, { signal });
}

/** The API's largest page: fewest requests for an export. */
const EXPORT_PAGE_SIZE = 1000;

/** Every payment matching the filters, page after page of one result set (the first page's token goes with the rest). */
export async function fetchAllPayments(
  filters: TPaymentSearchFilters,
  onProgress?: (progress: { loaded: number; total: number }) => void,
  signal?: AbortSignal,
): Promise<TPaymentSummary[]> {
  const first = await fetchPaymentsPage(filters, { pageStart: 1, pageSize: EXPORT_PAGE_SIZE }, signal);
  const { total_size: total, page_token: pageToken } = first.meta.pagination;
  const byId = new Map(first.data.map((p) => [p.transactionId, p]));
  onProgress?.({ loaded: byId.size, total });
  for (let pageStart = 2; pageStart <= Math.ceil(total / EXPORT_PAGE_SIZE); pageStart += 1) {
    const page = await fetchPaymentsPage(filters, { pageStart, pageSize: EXPORT_PAGE_SIZE, pageToken }, signal);
    for (const p of page.data) byId.set(p.transactionId, p);
    onProgress?.({ loaded: Math.min(byId.size, total), total });
  }
  return [...byId.values()];
}
