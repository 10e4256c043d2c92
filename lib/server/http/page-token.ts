import "server-only";
/**
 * The signed page token of decisions §4: it pins the page size and proves a
 * follow-up request belongs to the same client, endpoint and filters.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { ApiError } from "@/lib/contract/http/errors";
import { PAGE_SIZE_DEFAULT, PAGE_TOKEN_MAX_LENGTH, PAGE_TOKEN_TTL_S, type PageBinding } from "@/lib/contract/http/pagination";

/** Tokens issued by an instance whose clock runs slightly ahead must still verify. */
const CLOCK_SKEW_S = 60;
const TOKEN_VERSION = 1;
/**
 * Truncations that keep the whole token within the 100-character limit:
 * 96 bits of binding hash and a 128-bit HMAC tag (RFC 2104 §5 allows
 * truncation to at least half the output).
 */
const BINDING_BYTES = 12;
const TAG_BYTES = 16;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
type TokenPayload = { v: typeof TOKEN_VERSION; b: string; s: number; t: number };

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
