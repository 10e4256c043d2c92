import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "@/lib/portal/accounts/account-filters";

/**
 * What every filtered, server-paged list of the portal (payments, audit log)
 * does alike: its page, size and filters in the URL, the API query of one page,
 * and every page of one result set for its spreadsheet.
 */

export type UrlParams = Record<string, string | string[] | undefined>;
export type PageRequest = { pageStart: number; pageSize: number; pageToken?: string };
type Filters = Partial<Record<string, string>>;

export const firstParam = (v: string | string[] | undefined) => ((Array.isArray(v) ? v[0] : v) ?? "").trim();

/** Page and size from the URL; anything else is the first page at the default size. */
export function pageFromUrl(params: UrlParams): { page: number; size: number } {
  const page = Number.parseInt(firstParam(params.page), 10);
  const size = Number.parseInt(firstParam(params.size), 10);
  return {
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/** The view's URL query: each set filter under its URL name, then page and size unless they are the defaults. */
export function listViewQuery(view: { page: number; size: number; filters: Filters }, urlNames: Readonly<Record<string, string>>): string {
  const query = new URLSearchParams();
  for (const [name, urlName] of Object.entries(urlNames)) {
    const value = view.filters[name];
    if (value) query.set(urlName, value);
  }
  if (view.page !== 1) query.set("page", String(view.page));
  if (view.size !== DEFAULT_PAGE_SIZE) query.set("size", String(view.size));
  const text = query.toString();
  return text ? `?${text}` : "";
}

/** The page fields of a list's query: a page token pins the page size, so it is sent instead of the size. */
export function pageQuery(page: PageRequest): { pageStart: number; pageSize?: number; pageToken?: string } {
  return page.pageToken ? { pageStart: page.pageStart, pageToken: page.pageToken } : { pageStart: page.pageStart, pageSize: page.pageSize };
}

/** The API query of one page (the SDK's `params.query`): the filters that are set, and the page. */
export function listPageQuery<F extends Filters>(filters: F, page: PageRequest): F & ReturnType<typeof pageQuery> {
  const set: F = { ...filters };
  for (const name of Object.keys(set)) if (!set[name]) delete set[name];
  return { ...set, ...pageQuery(page) };
}

/** The API's largest page: fewest requests for an export. */
const EXPORT_PAGE_SIZE = 1000;

type Paged<T> = { data: T[]; meta: { pagination: { total_size: number; page_token?: string } } };

/**
 * Every row of one result set, page after page (the first page's token goes
 * with the rest, so rows arriving meanwhile do not shift the pages). `keyOf`
 * drops a row seen twice.
 */
export async function fetchEveryPage<T>(
  fetchPage: (page: PageRequest) => Promise<Paged<T>>,
  onProgress?: (progress: { loaded: number; total: number }) => void,
  keyOf?: (row: T) => string,
): Promise<T[]> {
  const first = await fetchPage({ pageStart: 1, pageSize: EXPORT_PAGE_SIZE });
  const { total_size: total, page_token: pageToken } = first.meta.pagination;
  const rows = new Map<string | number, T>();
  const add = (list: readonly T[]) => list.forEach((row) => rows.set(keyOf ? keyOf(row) : rows.size, row));
  add(first.data);
  onProgress?.({ loaded: rows.size, total });
  for (let pageStart = 2; pageStart <= Math.ceil(total / EXPORT_PAGE_SIZE); pageStart += 1) {
    add((await fetchPage({ pageStart, pageSize: EXPORT_PAGE_SIZE, pageToken })).data);
    onProgress?.({ loaded: Math.min(rows.size, total), total });
  }
  return [...rows.values()];
}
