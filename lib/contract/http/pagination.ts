/**
 * Page-number pagination, the wire side: query parameters and the envelope
 * (the signed cursor is lib/server/core/lists/page-token.ts). Page-number pagination with a signed cursor (decisions §4, service spec §2.3
 * and §8). The token carries no position: it pins the page size and proves the
 * follow-up request belongs to the same client, endpoint and filters, so a
 * client cannot silently mix pages of two different result sets.
 */
import { z } from "zod";

export const PAGE_SIZE_DEFAULT = 100;
export const PAGE_SIZE_MAX = 1000;
export const PAGE_TOKEN_MAX_LENGTH = 100;
/** The contract promises at least 15 minutes; an hour covers a slow export loop. */
export const PAGE_TOKEN_TTL_S = 3600;
/** pageStart is an int4 on the wire in every client SDK we know of. */
const PAGE_START_MAX = 2_147_483_647;

export type PageBinding = {
  clientId: string;
  endpoint: string;
  filters: Record<string, string | number | boolean | null | undefined>;
};

export type PaginationMeta = {
  pagination: { page_start: number; page_size: number; total_size: number; page_token: string };
};

/**
 * Query parameters arrive as strings, hence the coercion; only plain digits
 * count, so `0x10`, `1e2` or ` 5` are refused rather than read as numbers.
 */
function digitsOnly(value: unknown): unknown {
  return typeof value === "string" && !/^\d{1,10}$/.test(value) ? Number.NaN : value;
}

export function paginationQuery(maxPageSize: number = PAGE_SIZE_MAX) {
  return z.object({
    pageStart: z
      .preprocess(
        digitsOnly,
        z.coerce
          .number("pageStart must be a whole number")
          .int("pageStart must be a whole number")
          .min(1, "pageStart must be at least 1")
          .max(PAGE_START_MAX, `pageStart must be at most ${PAGE_START_MAX}`),
      )
      .default(1),
    pageSize: z
      .preprocess(
        digitsOnly,
        z.coerce
          .number("pageSize must be a whole number")
          .int("pageSize must be a whole number")
          .min(1, "pageSize must be at least 1")
          .max(maxPageSize, `pageSize must be at most ${maxPageSize}`),
      )
      .optional(),
    pageToken: z.string().max(PAGE_TOKEN_MAX_LENGTH, `pageToken must be at most ${PAGE_TOKEN_MAX_LENGTH} characters`).optional(),
  });
}

export function paginationMeta(pageStart: number, pageSize: number, totalSize: number, pageToken: string): PaginationMeta {
  return { pagination: { page_start: pageStart, page_size: pageSize, total_size: totalSize, page_token: pageToken } };
}

/**
 * Row offset of a page. A page past the end is simply an empty page, so the
 * offset is never rejected, only capped where arithmetic would lose precision.
 */
export function pageOffset(pageStart: number, pageSize: number): number {
  if (!Number.isSafeInteger(pageStart) || pageStart < 1) throw new RangeError(`invalid pageStart ${pageStart}`);
  if (!Number.isSafeInteger(pageSize) || pageSize < 1) throw new RangeError(`invalid pageSize ${pageSize}`);
  return Math.min((pageStart - 1) * pageSize, Number.MAX_SAFE_INTEGER);
}
