import "server-only";
/**
 * Which rows a page is, from what its token carries (docs/pagination-at-scale.md).
 *
 * Every list that pages at scale orders by a timestamp, newest first, then by
 * a unique tie-breaker. A page is then "the rows whose order timestamp is at
 * most `upTo`, in list order, after skipping `offset`": with `upTo` the
 * snapshot bound and `offset` (page - 1) × size it is the classic page; with
 * `upTo` the timestamp where the previous page ended and `offset` the rows of
 * that same timestamp already shown, it is a keyset seek whose cost does not
 * grow with depth. The skip count stands in for the tie-breaker's value, so
 * the token needs no column of any list's key type and stays short.
 */
import type { PageCursor, PageSummary } from "@/lib/server/core/lists/page-token";

export type PageWindow = { upToUs: bigint; offset: number };

/**
 * The next page after the token's cursor, or any later one, seeks from the
 * cursor; an earlier page (or a token without cursor) counts from the
 * snapshot bound, which rows written after the first page never pass.
 */
export function planWindow(pageStart: number, pageSize: number, summary: PageSummary, cursor: PageCursor | null): PageWindow {
  if (cursor && pageStart > cursor.page) return { upToUs: cursor.atUs, offset: cursor.skip + (pageStart - cursor.page - 1) * pageSize };
  return { upToUs: summary.snapshotUs, offset: (pageStart - 1) * pageSize };
}

/**
 * Where the page just read ends: its last row's timestamp and how many rows
 * of that timestamp have been shown. When the page is all one timestamp the
 * rows skipped before it count only if they share it (the window began at
 * it); otherwise the position is unknown and null says so (the next page then
 * counts from the snapshot, still correct, merely not a seek).
 */
export function cursorAfter(page: number, window: PageWindow, orderUs: readonly bigint[]): PageCursor | null {
  const last = orderUs.at(-1);
  if (last === undefined) return null;
  const sameAsLast = orderUs.filter((us) => us === last).length;
  if (sameAsLast < orderUs.length) return { page, atUs: last, skip: sameAsLast };
  if (last === window.upToUs) return { page, atUs: last, skip: window.offset + sameAsLast };
  return null;
}

/**
 * Order timestamps travel as microseconds since the epoch, read from and
 * written to PostgreSQL as text (`orderTsSql`), because a JS Date keeps
 * milliseconds only and a float epoch loses the last microsecond.
 */
export function orderTsSql(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

export function parseOrderTs(text: string): bigint {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3})(\d{3})Z$/.exec(text);
  if (!match) throw new Error(`not an order timestamp: ${text}`);
  return BigInt(Date.parse(`${match[1]}Z`)) * 1000n + BigInt(match[2]!);
}

export function formatOrderTs(us: bigint): string {
  const ms = us / 1000n;
  const micros = us - ms * 1000n;
  return new Date(Number(ms)).toISOString().replace(/Z$/, `${String(micros).padStart(3, "0")}Z`);
}
