import { ok, type GetInit, type GetPath, type HarbourClient } from "./client";
import type { paths } from "./schema";

type Json200<P extends GetPath> = paths[P]["get"] extends { responses: { 200: { content: { "application/json": infer J } } } } ? J : never;
type Pagination = { page_start?: number; page_size?: number; total_size?: number; page_token?: string };

/** The list operations: their JSON answer is the pagination envelope `{ meta: { pagination }, data: [...] }`. */
export type ListPath = { [P in GetPath]: Json200<P> extends { meta: { pagination: unknown }; data: readonly unknown[] } ? P : never }[GetPath];
export type ItemOf<P extends ListPath> = Json200<P> extends { data: ReadonlyArray<infer I> } ? I : never;

/**
 * Every item of a list, page after page (spec "Pagination"): the first request may carry `pageSize`; each later
 * one sends the `page_token` the bank returned and the next `pageStart`, the same filters and no `pageSize` (the
 * token embeds it; changing a filter would invalidate it). Stops after the page holding item `total_size`.
 */
export async function* paginate<P extends ListPath>(client: HarbourClient, path: P, init?: GetInit<P>): AsyncGenerator<ItemOf<P>> {
  const params = (init?.params ?? {}) as { query?: Record<string, unknown>; path?: Record<string, unknown> };
  const { pageSize, pageStart, pageToken: _token, ...filters } = params.query ?? {};
  let query: Record<string, unknown> = { ...filters, pageSize, pageStart };
  for (;;) {
    // openapi-fetch types the init per path; this is the caller's own init for the same path with the page fields set.
    const page = (await ok(client.api.GET(path, { ...init, params: { ...params, query } } as never))) as {
      meta: { pagination: Pagination };
      data: ItemOf<P>[];
    };
    yield* page.data;
    const { page_start: start = 1, page_size: size = page.data.length, total_size: total = 0, page_token: token } = page.meta.pagination;
    if (page.data.length === 0 || start * size >= total) return;
    query = { ...filters, pageStart: start + 1, ...(token ? { pageToken: token } : { pageSize: size }) };
  }
}
