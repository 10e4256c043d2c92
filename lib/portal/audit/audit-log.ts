import { AUDIT_FILTERS, type TAuditEntry, type TAuditFilters, type TAuditList } from "@/lib/contract/audit/schema";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "@/lib/portal/accounts/account-filters";
import { apiJson } from "@/lib/portal/shared/api-client";

/**
 * The audit log view (administrators): its URL state, the GET /v1/audit-log
 * calls, and every page of the filtered set for its spreadsheet. The filters
 * are the API's own (lib/contract/audit/schema.ts), so the server filters,
 * pages and counts.
 */

export type AuditView = { page: number; size: number; filters: TAuditFilters };
type FilterName = (typeof AUDIT_FILTERS)[number];

type Params = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => ((Array.isArray(v) ? v[0] : v) ?? "").trim();

/** URL parameter of each filter. */
const URL_NAMES = { actor: "actor", action: "action", target: "target", fromDate: "from", toDate: "to" } as const satisfies Record<FilterName, string>;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function parseAuditView(params: Params): AuditView {
  const page = Number.parseInt(one(params.page), 10);
  const size = Number.parseInt(one(params.size), 10);
  const filters: TAuditFilters = {};
  for (const name of AUDIT_FILTERS) {
    const value = one(params[URL_NAMES[name]]).slice(0, 254);
    // A hand-edited date the API would refuse is dropped: the page still shows a list.
    if (value && (!name.endsWith("Date") || DAY.test(value))) filters[name] = value;
  }
  return {
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    filters,
  };
}

export function auditViewQuery(view: AuditView): string {
  const query = new URLSearchParams();
  for (const name of AUDIT_FILTERS) {
    const value = view.filters[name];
    if (value) query.set(URL_NAMES[name], value);
  }
  if (view.page !== 1) query.set("page", String(view.page));
  if (view.size !== DEFAULT_PAGE_SIZE) query.set("size", String(view.size));
  const text = query.toString();
  return text ? `?${text}` : "";
}

export const hasAuditFilters = (filters: TAuditFilters) => AUDIT_FILTERS.some((name) => Boolean(filters[name]));

/** The API path of one page; a page token pins the page size, so it is sent instead of the size. */
export function auditLogPath(filters: TAuditFilters, page: { pageStart: number; pageSize: number; pageToken?: string }): string {
  const query = new URLSearchParams();
  for (const name of AUDIT_FILTERS) {
    const value = filters[name];
    if (value) query.set(name, value);
  }
  query.set("pageStart", String(page.pageStart));
  if (page.pageToken) query.set("pageToken", page.pageToken);
  else query.set("pageSize", String(page.pageSize));
  return `/v1/audit-log?${query}`;
}

export function fetchAuditPage(
  filters: TAuditFilters,
  page: { pageStart: number; pageSize: number; pageToken?: string },
  signal?: AbortSignal,
): Promise<TAuditList> {
  return apiJson<TAuditList>(auditLogPath(filters, page), { signal });
}

/** The API's largest page: fewest requests for an export. */
const EXPORT_PAGE_SIZE = 1000;

/** Every row matching the filters, page after page of one result set (the first page's token goes with the rest). */
export async function fetchAllAudit(
  filters: TAuditFilters,
  onProgress?: (progress: { loaded: number; total: number }) => void,
  signal?: AbortSignal,
): Promise<TAuditEntry[]> {
  const first = await fetchAuditPage(filters, { pageStart: 1, pageSize: EXPORT_PAGE_SIZE }, signal);
  const { total_size: total, page_token: pageToken } = first.meta.pagination;
  const rows = [...first.data];
  onProgress?.({ loaded: rows.length, total });
  for (let pageStart = 2; pageStart <= Math.ceil(total / EXPORT_PAGE_SIZE); pageStart += 1) {
    const page = await fetchAuditPage(filters, { pageStart, pageSize: EXPORT_PAGE_SIZE, pageToken }, signal);
    rows.push(...page.data);
    onProgress?.({ loaded: Math.min(rows.length, total), total });
  }
  return rows;
}

/** A person reads "Treasurer (tara@…)" better than user:<uuid>; the recorded actor stays for everything else. */
export function actorLabel(entry: Pick<TAuditEntry, "actor" | "actorEmail">): string {
  if (entry.actorEmail) return entry.actorEmail;
  if (entry.actor.startsWith("client:")) return "API integration";
  if (entry.actor.startsWith("system:")) return `Harbour (${entry.actor.slice(7)})`;
  if (entry.actor === "anonymous") return "Unknown person";
  return entry.actor;
}
