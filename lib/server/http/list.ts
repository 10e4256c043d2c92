import "server-only";
import { pageOffset, paginationMeta, type PageBinding, type PaginationMeta } from "@/lib/contract/http/pagination";
import { resolvePageSize } from "@/lib/server/http/page-token";

export type PageQuery = { pageStart: number; pageSize?: number; pageToken?: string };

/**
 * The one way list endpoints page (decisions §4): resolve the page size from
 * the query or its token, fetch one page, and wrap it in the envelope.
 */
export async function pagedList<T>(
  secret: string,
  binding: PageBinding,
  query: PageQuery,
  fetchPage: (page: { limit: number; offset: number }) => Promise<{ items: T[]; total: number }>,
): Promise<{ meta: PaginationMeta; data: T[] }> {
  const { pageSize, pageToken } = resolvePageSize(secret, binding, query);
  const { items, total } = await fetchPage({ limit: pageSize, offset: pageOffset(query.pageStart, pageSize) });
  return { meta: paginationMeta(query.pageStart, pageSize, total, pageToken), data: items };
}
