import { listAuditLogOperation } from "@/lib/contract/audit/operations";
import { AUDIT_FILTERS, type TAuditEntry, type TAuditFilters, type TAuditList } from "@/lib/contract/audit/schema";
import { apiJson } from "@/lib/portal/shared/api-client";
import { fetchEveryPage, firstParam, listPageQuery, listViewQuery, pageFromUrl, type PageRequest, type UrlParams } from "@/lib/portal/shared/filtered-list";

/**
 * The audit log view (administrators): its URL state, the GET /v1/audit-log
 * calls, and every page of the filtered set for its spreadsheet. The filters
 * are the API's own (lib/contract/audit/schema.ts), so the server filters,
 * pages and counts.
 */

export type AuditView = { page: number; size: number; filters: TAuditFilters };
type FilterName = (typeof AUDIT_FILTERS)[number];

/** URL parameter of each filter. */
const URL_NAMES = { actor: "actor", action: "action", target: "target", fromDate: "from", toDate: "to" } as const satisfies Record<FilterName, string>;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function parseAuditView(params: UrlParams): AuditView {
  const filters: TAuditFilters = {};
  for (const name of AUDIT_FILTERS) {
    const value = firstParam(params[URL_NAMES[name]]).slice(0, 254);
    // A hand-edited date the API would refuse is dropped: the page still shows a list.
    if (value && (!name.endsWith("Date") || DAY.test(value))) filters[name] = value;
  }
  return { ...pageFromUrl(params), filters };
}

export function auditViewQuery(view: AuditView): string {
  return listViewQuery(view, URL_NAMES);
}

export const hasAuditFilters = (filters: TAuditFilters) => AUDIT_FILTERS.some((name) => Boolean(filters[name]));

export function fetchAuditPage(filters: TAuditFilters, page: PageRequest, signal?: AbortSignal): Promise<TAuditList> {
  return apiJson(listAuditLogOperation, { params: { query: listPageQuery(filters, page) }, signal });
}

/** Every row matching the filters, for the spreadsheet (lib/portal/shared/filtered-list.ts). */
export function fetchAllAudit(
  filters: TAuditFilters,
  onProgress?: (progress: { loaded: number; total: number }) => void,
  signal?: AbortSignal,
): Promise<TAuditEntry[]> {
  return fetchEveryPage((page) => fetchAuditPage(filters, page, signal), onProgress);
}

/** A person reads "Treasurer (tara@…)" better than user:<uuid>; the recorded actor stays for everything else. */
export function actorLabel(entry: Pick<TAuditEntry, "actor" | "actorEmail">): string {
  if (entry.actorEmail) return entry.actorEmail;
  if (entry.actor.startsWith("client:")) return "API integration";
  if (entry.actor.startsWith("system:")) return `Harbour (${entry.actor.slice(7)})`;
  if (entry.actor === "anonymous") return "Unknown person";
  return entry.actor;
}
