import "server-only";
import { PAGE_SIZE_DEFAULT, pageOffset, paginationMeta, type PageBinding, type PaginationMeta } from "@/lib/contract/http/pagination";
import { openPageToken, resolvePageSize, sealPageToken, type PageSummary } from "@/lib/server/core/lists/page-token";
import { cursorAfter, formatOrderTs, parseOrderTs, planWindow } from "@/lib/server/core/lists/page-window";

export type PageQuery = { pageStart: number; pageSize?: number; pageToken?: string };

/**
 * Pages of a small, bounded list (a client's accounts, its subscriptions, a
 * job's at most 1,000 results): resolve the page size from the query or its
 * token, fetch one page with OFFSET and its total, and wrap it in the
 * envelope (decisions §4). Lists that grow without bound use snapshotList.
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

/**
 * A list that pages at scale (docs/pagination-at-scale.md). Its rows are
 * ordered newest first by one timestamp column, ties broken by a unique key,
 * and its repo answers two questions:
 */
export type SnapshotSource<T> = {
  /**
   * The result set's size and the order timestamp of its newest row (null
   * when empty), read in ONE statement so both see the same rows. Called once
   * per result set, on the request without a token; the token carries the
   * answer to every later page. Keep it O(1) for lists that grow without
   * bound: a count maintained in the same transaction as the rows
   * (migrations/0013_b_list_scale.sql), or a range the filters keep small.
   */
  summarize(): Promise<{ total: number; newest: string | null }>;
  /**
   * Rows in list order whose order timestamp is at most `upTo`, after
   * skipping `offset`, at most `limit`; each with its order timestamp as text
   * from `orderTsSql(column)`. The SQL: `WHERE <filters> AND ts <= $upTo::timestamptz
   * ORDER BY ts DESC, key DESC OFFSET $offset LIMIT $limit`, on an index whose
   * columns are the filters' equalities then (ts DESC, key DESC).
   */
  fetch(window: { upTo: string; offset: number; limit: number }): Promise<Array<{ item: T; at: string }>>;
};

/**
 * decisions §4 at any depth: the first request summarises once; each
 * response's token carries the total, the snapshot bound and where its page
 * ended, so the next page is an index seek and rows written meanwhile (newer
 * than the bound) shift nothing. A client that keeps sending the first token
 * still gets exact pages, counted from the bound.
 */
export async function snapshotList<T>(
  secret: string,
  binding: PageBinding,
  query: PageQuery,
  source: SnapshotSource<T>,
  now: number = Date.now(),
): Promise<{ meta: PaginationMeta; data: T[] }> {
  const state = query.pageToken === undefined ? null : openPageToken(secret, binding, query.pageToken, query.pageSize, now);
  const pageSize = state?.pageSize ?? query.pageSize ?? PAGE_SIZE_DEFAULT;
  const summary = state?.summary ?? summaryOf(await source.summarize());
  const window = planWindow(query.pageStart, pageSize, summary, state?.cursor ?? null);
  // A page past the end is answered from the token alone.
  const rows =
    pageOffset(query.pageStart, pageSize) >= summary.total
      ? []
      : await source.fetch({ upTo: formatOrderTs(window.upToUs), offset: window.offset, limit: pageSize });
  const cursor =
    cursorAfter(
      query.pageStart,
      window,
      rows.map((r) => parseOrderTs(r.at)),
    ) ??
    state?.cursor ??
    null;
  const pageToken = sealPageToken(secret, binding, { pageSize, issuedS: state?.issuedS ?? Math.floor(now / 1000), summary, cursor });
  return { meta: paginationMeta(query.pageStart, pageSize, summary.total, pageToken), data: rows.map((r) => r.item) };
}

function summaryOf({ total, newest }: { total: number; newest: string | null }): PageSummary {
  // An empty result set's bound admits no row, so pages stay empty while rows arrive.
  return { total, snapshotUs: newest === null ? 0n : parseOrderTs(newest) };
}
