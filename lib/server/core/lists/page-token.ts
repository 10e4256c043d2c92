import "server-only";
/**
 * The signed page token of decisions §4. It pins the page size, proves a
 * follow-up request belongs to the same client, endpoint and filters, and
 * carries what the first page learned so later pages need not learn it again
 * (docs/pagination-at-scale.md): the size of the result set, its snapshot
 * bound (the order timestamp of its newest row) and the position where the
 * page it came with ended.
 *
 * Layout (version 2, 52 bytes, base64url, then "." and a 128-bit HMAC tag:
 * 93 characters, within the contract's 100):
 *   0 version · 1 flags (1 summary, 2 cursor) · 2..13 binding hash ·
 *   14 page size u16 · 16 issued (s) u48 · 22 total u48 · 28 snapshot (µs) i64 ·
 *   36 cursor page u32 · 40 cursor order timestamp (µs) i64 · 48 cursor skip u32
 * A fixed binary layout rather than JSON: JSON of the same fields would not fit.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { ApiError } from "@/lib/contract/http/errors";
import { PAGE_SIZE_DEFAULT, PAGE_TOKEN_MAX_LENGTH, PAGE_TOKEN_TTL_S, type PageBinding } from "@/lib/contract/http/pagination";

/** Tokens issued by an instance whose clock runs slightly ahead must still verify. */
const CLOCK_SKEW_S = 60;
const TOKEN_VERSION = 2;
/**
 * Truncations that keep the whole token within the 100-character limit:
 * 96 bits of binding hash and a 128-bit HMAC tag (RFC 2104 §5 allows
 * truncation to at least half the output).
 */
const BINDING_BYTES = 12;
const TAG_BYTES = 16;
const BODY_BYTES = 52;
const FLAG_SUMMARY = 1;
const FLAG_CURSOR = 2;
const U48_MAX = 2 ** 48 - 1;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Where the page a token came with ended: the next page seeks to `atUs` and skips `skip` rows of that timestamp. */
export type PageCursor = { page: number; atUs: bigint; skip: number };
/** What the first page learned: the result set's size and its newest order timestamp (rows newer than it belong to a later result set). */
export type PageSummary = { total: number; snapshotUs: bigint };
export type PageState = { pageSize: number; issuedS: number; summary: PageSummary | null; cursor: PageCursor | null };

export function sealPageToken(secret: string, binding: PageBinding, state: PageState): string {
  assertSecret(secret);
  const { pageSize, issuedS, summary, cursor } = state;
  if (!Number.isSafeInteger(pageSize) || pageSize < 1 || pageSize > 0xffff) throw new RangeError(`invalid page size ${pageSize}`);
  const body = Buffer.alloc(BODY_BYTES);
  body.writeUInt8(TOKEN_VERSION, 0);
  body.writeUInt8((summary ? FLAG_SUMMARY : 0) | (cursor ? FLAG_CURSOR : 0), 1);
  bindingHash(binding).copy(body, 2);
  body.writeUInt16BE(pageSize, 14);
  body.writeUIntBE(issuedS, 16, 6);
  if (summary) {
    body.writeUIntBE(Math.min(summary.total, U48_MAX), 22, 6);
    body.writeBigInt64BE(summary.snapshotUs, 28);
  }
  if (cursor) {
    body.writeUInt32BE(cursor.page, 36);
    body.writeBigInt64BE(cursor.atUs, 40);
    body.writeUInt32BE(cursor.skip, 48);
  }
  const text = body.toString("base64url");
  return `${text}.${tag(secret, text)}`;
}

/**
 * Verifies a presented token against the request it came with.
 *
 * @throws ApiError INVALID_PAGE_TOKEN for any token that is malformed, forged,
 * expired, issued for another client/endpoint/filter set, or contradicted by
 * `pageSize` (a different size would shift every page boundary).
 */
export function openPageToken(secret: string, binding: PageBinding, token: string, pageSize: number | undefined, now: number = Date.now()): PageState {
  const state = verifyToken(secret, token, binding);
  const nowS = Math.floor(now / 1000);
  if (state.issuedS > nowS + CLOCK_SKEW_S) throw invalidToken("pageToken is not valid yet");
  if (nowS - state.issuedS > PAGE_TOKEN_TTL_S) throw invalidToken("pageToken has expired; start again without pageToken");
  if (pageSize !== undefined && pageSize !== state.pageSize) {
    throw invalidToken(`pageSize ${pageSize} does not match the pageToken's page size ${state.pageSize}; omit pageSize or start again without pageToken`);
  }
  return state;
}

/** Issues a token for the first page of a result set, carrying nothing but its page size. */
export function issuePageToken(secret: string, binding: PageBinding, pageSize: number, now: number = Date.now()): string {
  return sealPageToken(secret, binding, { pageSize, issuedS: Math.floor(now / 1000), summary: null, cursor: null });
}

/**
 * Decides the page size of a request and the token to echo, for lists that
 * recount on every page (small, bounded lists: lib/server/core/lists/list.ts pagedList).
 * Without a token the request starts a result set; with one, the token's page
 * size applies and the same token is returned.
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
  return { pageSize: openPageToken(secret, binding, query.pageToken, query.pageSize, now).pageSize, pageToken: query.pageToken };
}

/**
 * Hashes a JSON array rather than concatenated strings so that no two
 * different (client, endpoint, filters) triples can produce the same input.
 * Keys are sorted and undefined filters dropped, so the hash depends only on
 * what the filters mean, not on how the caller built the object.
 */
function bindingHash(binding: PageBinding): Buffer {
  const filters = Object.keys(binding.filters)
    .filter((key) => binding.filters[key] !== undefined)
    .sort()
    .map((key) => [key, binding.filters[key]]);
  const canonical = JSON.stringify([binding.clientId, binding.endpoint, filters]);
  return createHash("sha256").update(canonical, "utf8").digest().subarray(0, BINDING_BYTES);
}

function tag(secret: string, body: string): string {
  // The tag covers the encoded text, so verification never parses unsigned input.
  return createHmac("sha256", secret).update(body, "utf8").digest().subarray(0, TAG_BYTES).toString("base64url");
}

function verifyToken(secret: string, token: string, binding: PageBinding): PageState {
  assertSecret(secret);
  if (token.length === 0) throw invalidToken("pageToken is empty");
  if (token.length > PAGE_TOKEN_MAX_LENGTH) throw invalidToken(`pageToken must be at most ${PAGE_TOKEN_MAX_LENGTH} characters`);
  const parts = token.split(".");
  const [text, signature] = parts;
  if (parts.length !== 2 || text === undefined || signature === undefined || !BASE64URL.test(text) || !BASE64URL.test(signature)) {
    throw invalidToken("pageToken is malformed");
  }
  if (!safeEqual(Buffer.from(signature, "utf8"), Buffer.from(tag(secret, text), "utf8"))) {
    throw invalidToken("pageToken is not a token this service issued");
  }
  const body = Buffer.from(text, "base64url");
  if (body.length !== BODY_BYTES || body.readUInt8(0) !== TOKEN_VERSION || (body.readUInt8(1) & ~(FLAG_SUMMARY | FLAG_CURSOR)) !== 0) {
    throw invalidToken("pageToken is malformed");
  }
  if (!safeEqual(body.subarray(2, 2 + BINDING_BYTES), bindingHash(binding))) {
    throw invalidToken("pageToken was issued for a different client, endpoint or set of filters; start again without pageToken");
  }
  const flags = body.readUInt8(1);
  const pageSize = body.readUInt16BE(14);
  if (pageSize < 1) throw invalidToken("pageToken is malformed");
  return {
    pageSize,
    issuedS: body.readUIntBE(16, 6),
    summary: flags & FLAG_SUMMARY ? { total: body.readUIntBE(22, 6), snapshotUs: body.readBigInt64BE(28) } : null,
    cursor: flags & FLAG_CURSOR ? { page: body.readUInt32BE(36), atUs: body.readBigInt64BE(40), skip: body.readUInt32BE(48) } : null,
  };
}

function safeEqual(left: Buffer, right: Buffer): boolean {
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
