/**
 * Page-number pagination with a signed cursor (decisions §4, service spec §2.3
 * and §8). The token carries no position: it pins the page size and proves the
 * follow-up request belongs to the same client, endpoint and filters, so a
 * client cannot silently mix pages of two different result sets.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { ApiError } from "@/lib/http/errors";

export const PAGE_SIZE_DEFAULT = 100;
export const PAGE_SIZE_MAX = 1000;
export const PAGE_TOKEN_MAX_LENGTH = 100;
/** The contract promises at least 15 minutes; an hour covers a slow export loop. */
export const PAGE_TOKEN_TTL_S = 3600;
/** Tokens issued by an instance whose clock runs slightly ahead must still verify. */
const CLOCK_SKEW_S = 60;
/** pageStart is an int4 on the wire in every client SDK we know of. */
const PAGE_START_MAX = 2_147_483_647;

const TOKEN_VERSION = 1;
/**
 * Truncations that keep the whole token within the 100-character limit:
 * 96 bits of binding hash and a 128-bit HMAC tag (RFC 2104 §5 allows
 * truncation to at least half the output).
 */
const BINDING_BYTES = 12;
const TAG_BYTES = 16;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export type PageBinding = {
  clientId: string;
  endpoint: string;
  filters: Record<string, string | number | boolean | null | undefined>;
};

export type PaginationMeta = {
  pagination: { page_start: number; page_size: number; total_size: number; page_token: string };
};

type TokenPayload = { v: typeof TOKEN_VERSION; b: string; s: number; t: number };

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
    pageToken: z
      .string()
      .max(PAGE_TOKEN_MAX_LENGTH, `pageToken must be at most ${PAGE_TOKEN_MAX_LENGTH} characters`)
      .optional(),
  });
}

/** Issues a token for the first page of a result set. */
export function issuePageToken(secret: string, binding: PageBinding, pageSize: number, now: number = Date.now()): string {
  assertSecret(secret);
  if (!Number.isSafeInteger(pageSize) || pageSize < 1) throw new RangeError(`invalid page size ${pageSize}`);
  const payload: TokenPayload = { v: TOKEN_VERSION, b: bindingHash(binding), s: pageSize, t: Math.floor(now / 1000) };
  const body = Buffer.from(JSON.stringify(payload), "utf8").toString("base64url");
  return `${body}.${tag(secret, body)}`;
}

/**
 * Decides the page size of a request and the token to echo.
 *
 * Without a token the request starts a result set: its `pageSize` (or the
 * default) is used and a fresh token issued. With a token, the token's page
 * size applies and the same token is returned; a `pageSize` sent alongside it
 * must agree, because a different size would shift every page boundary.
 *
 * @throws ApiError INVALID_PAGE_TOKEN for any token that is malformed, forged,
 * expired, issued for another client/endpoint/filter set, or contradicted by
 * `pageSize`.
 */
export function resolvePageSize(
  secret: string,
  binding: PageBinding,
  query: { pageSize?: number; pageToken?: string },
  now: number = Date.now(),
): { pageSize: number; pageToken: string } {
  if (query.pageToken === undefined) {
    const pageSize = query.pageSize ?? PAGE_SIZE_DEFAULT;
    return { pageSize, pageToken: issuePageToken(secret, binding, pageSize, now) };
  }

  const token = query.pageToken;
  const payload = verifyToken(secret, token);

  if (!safeEqualText(payload.b, bindingHash(binding))) {
    throw invalidToken("pageToken was issued for a different client, endpoint or set of filters; start again without pageToken");
  }
  const nowS = Math.floor(now / 1000);
  if (payload.t > nowS + CLOCK_SKEW_S) {
    throw invalidToken("pageToken is not valid yet");
  }
  if (nowS - payload.t > PAGE_TOKEN_TTL_S) {
    throw invalidToken("pageToken has expired; start again without pageToken");
  }
  if (query.pageSize !== undefined && query.pageSize !== payload.s) {
    throw invalidToken(
      `pageSize ${query.pageSize} does not match the pageToken's page size ${payload.s}; omit pageSize or start again without pageToken`,
    );
  }
  return { pageSize: payload.s, pageToken: token };
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

/**
 * Hashes a JSON array rather than concatenated strings so that no two
 * different (client, endpoint, filters) triples can produce the same input.
 * Keys are sorted and undefined filters dropped, so the hash depends only on
 * what the filters mean, not on how the caller built the object.
 */
function bindingHash(binding: PageBinding): string {
  const filters = Object.keys(binding.filters)
    .filter((key) => binding.filters[key] !== undefined)
    .sort()
    .map((key) => [key, binding.filters[key]]);
  const canonical = JSON.stringify([binding.clientId, binding.endpoint, filters]);
  return createHash("sha256").update(canonical, "utf8").digest().subarray(0, BINDING_BYTES).toString("base64url");
}

function tag(secret: string, body: string): string {
  // The tag covers the encoded text, so verification never parses unsigned input.
  return createHmac("sha256", secret).update(body, "utf8").digest().subarray(0, TAG_BYTES).toString("base64url");
}

function verifyToken(secret: string, token: string): TokenPayload {
  assertSecret(secret);
  if (token.length === 0) throw invalidToken("pageToken is empty");
  if (token.length > PAGE_TOKEN_MAX_LENGTH) {
    throw invalidToken(`pageToken must be at most ${PAGE_TOKEN_MAX_LENGTH} characters`);
  }
  const parts = token.split(".");
  const [body, signature] = parts;
  if (parts.length !== 2 || body === undefined || signature === undefined || !BASE64URL.test(body) || !BASE64URL.test(signature)) {
    throw invalidToken("pageToken is malformed");
  }
  if (!safeEqualText(signature, tag(secret, body))) {
    throw invalidToken("pageToken is not a token this service issued");
  }

  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    throw invalidToken("pageToken is malformed");
  }
  if (!isPayload(decoded)) throw invalidToken("pageToken is malformed");
  return decoded;
}

function isPayload(value: unknown): value is TokenPayload {
  if (typeof value !== "object" || value === null) return false;
  const { v, b, s, t } = value as Record<string, unknown>;
  return (
    v === TOKEN_VERSION &&
    typeof b === "string" &&
    typeof s === "number" &&
    Number.isSafeInteger(s) &&
    s >= 1 &&
    typeof t === "number" &&
    Number.isSafeInteger(t)
  );
}

function safeEqualText(a: string, b: string): boolean {
  const left = Buffer.from(a, "utf8");
  const right = Buffer.from(b, "utf8");
  // timingSafeEqual throws on unequal lengths; the length itself is public.
  return left.length === right.length && timingSafeEqual(left, right);
}

function assertSecret(secret: string): void {
  // An empty key would make every token forgeable; fail loudly at the caller.
  if (secret.length === 0) throw new Error("page token secret must not be empty");
}

function invalidToken(message: string): ApiError {
  return new ApiError("INVALID_PAGE_TOKEN", message, { field: "pageToken" });
}
