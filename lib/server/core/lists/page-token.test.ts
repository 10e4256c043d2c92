import { describe, it, expect } from "vitest";
import { createHmac } from "node:crypto";
import { ApiError } from "@/lib/contract/http/errors";
import { PAGE_SIZE_DEFAULT, PAGE_TOKEN_TTL_S, pageOffset, paginationMeta, paginationQuery, type PageBinding } from "@/lib/contract/http/pagination";
import { issuePageToken, openPageToken, resolvePageSize, sealPageToken } from "@/lib/server/core/lists/page-token";

const SECRET = "test-secret-for-page-tokens";
const NOW = Date.UTC(2026, 10, 23, 18, 40, 19);
const BINDING: PageBinding = {
  clientId: "client-a",
  endpoint: "GET /v1/accounts",
  filters: { status: "ACTIVE", currency: "USD" },
};

/** Runs `fn` and returns the INVALID_PAGE_TOKEN error it must throw. */
function pageTokenError(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    const apiError = err as ApiError;
    expect(apiError.code).toBe("INVALID_PAGE_TOKEN");
    expect(apiError.status).toBe(400);
    expect(apiError.field).toBe("pageToken");
    expect(apiError.message.length).toBeGreaterThan(0);
    return apiError;
  }
  throw new Error("expected INVALID_PAGE_TOKEN, nothing was thrown");
}

describe("paginationQuery", () => {
  const schema = paginationQuery();

  it("defaults pageStart to 1 and leaves pageSize and pageToken absent", () => {
    expect(schema.parse({})).toEqual({ pageStart: 1 });
  });

  it("coerces string query values to numbers", () => {
    expect(schema.parse({ pageStart: "3", pageSize: "50", pageToken: "abc" })).toEqual({
      pageStart: 3,
      pageSize: 50,
      pageToken: "abc",
    });
  });

  it("rejects pageStart below 1, non-integers and non-numbers", () => {
    for (const pageStart of ["0", "-1", "1.5", "abc"]) {
      expect(schema.safeParse({ pageStart }).success).toBe(false);
    }
  });

  it("rejects pageStart above 2147483647", () => {
    expect(schema.safeParse({ pageStart: "2147483647" }).success).toBe(true);
    expect(schema.safeParse({ pageStart: "2147483648" }).success).toBe(false);
  });

  it("accepts pageSize 1..1000 by default and rejects outside it", () => {
    expect(schema.safeParse({ pageSize: "1" }).success).toBe(true);
    expect(schema.safeParse({ pageSize: "1000" }).success).toBe(true);
    expect(schema.safeParse({ pageSize: "0" }).success).toBe(false);
    expect(schema.safeParse({ pageSize: "1001" }).success).toBe(false);
    expect(schema.safeParse({ pageSize: "2.5" }).success).toBe(false);
  });

  it("honours a smaller maximum page size (500 for subscriptions)", () => {
    const subscriptions = paginationQuery(500);
    expect(subscriptions.safeParse({ pageSize: "500" }).success).toBe(true);
    expect(subscriptions.safeParse({ pageSize: "501" }).success).toBe(false);
  });

  it("rejects a pageToken longer than 100 characters", () => {
    expect(schema.safeParse({ pageToken: "a".repeat(100) }).success).toBe(true);
    expect(schema.safeParse({ pageToken: "a".repeat(101) }).success).toBe(false);
  });

  it("names the offending field in its error message", () => {
    const result = schema.safeParse({ pageSize: "5000" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["pageSize"]);
    expect(result.error?.issues[0]?.message).toBe("pageSize must be at most 1000");
  });
});

describe("page tokens", () => {
  it("round-trips: a token issued for a request verifies for the same request and keeps its page size", () => {
    const first = resolvePageSize(SECRET, BINDING, { pageSize: 25 }, NOW);
    expect(first.pageSize).toBe(25);
    const next = resolvePageSize(SECRET, BINDING, { pageToken: first.pageToken }, NOW + 60_000);
    expect(next).toEqual({ pageSize: 25, pageToken: first.pageToken });
  });

  it("uses the default page size of 100 when the first request sends none", () => {
    const first = resolvePageSize(SECRET, BINDING, {}, NOW);
    expect(first.pageSize).toBe(PAGE_SIZE_DEFAULT);
    expect(resolvePageSize(SECRET, BINDING, { pageToken: first.pageToken }, NOW).pageSize).toBe(100);
  });

  it("accepts a pageSize sent with the token when it equals the token's size", () => {
    const token = issuePageToken(SECRET, BINDING, 25, NOW);
    expect(resolvePageSize(SECRET, BINDING, { pageSize: 25, pageToken: token }, NOW).pageSize).toBe(25);
  });

  it("stays within the 100-character limit at the largest page size and far-future timestamps", () => {
    const token = issuePageToken(SECRET, BINDING, 1000, Date.UTC(2286, 0, 1));
    expect(token.length).toBeLessThanOrEqual(100);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  });

  it("ignores filter key order when binding", () => {
    const token = issuePageToken(SECRET, BINDING, 10, NOW);
    const reordered: PageBinding = { ...BINDING, filters: { currency: "USD", status: "ACTIVE" } };
    expect(resolvePageSize(SECRET, reordered, { pageToken: token }, NOW).pageSize).toBe(10);
  });

  it("drops undefined filters when binding", () => {
    const token = issuePageToken(SECRET, BINDING, 10, NOW);
    const withUndefined: PageBinding = { ...BINDING, filters: { ...BINDING.filters, nickname: undefined } };
    expect(resolvePageSize(SECRET, withUndefined, { pageToken: token }, NOW).pageSize).toBe(10);
  });

  it("rejects a token presented by a different client", () => {
    const token = issuePageToken(SECRET, BINDING, 10, NOW);
    pageTokenError(() => resolvePageSize(SECRET, { ...BINDING, clientId: "client-b" }, { pageToken: token }, NOW));
  });

  it("rejects a token presented to a different endpoint", () => {
    const token = issuePageToken(SECRET, BINDING, 10, NOW);
    pageTokenError(() => resolvePageSize(SECRET, { ...BINDING, endpoint: "GET /v1/payments" }, { pageToken: token }, NOW));
  });

  it("rejects a token when a filter value changed, was added or was removed", () => {
    const token = issuePageToken(SECRET, BINDING, 10, NOW);
    const variants: PageBinding["filters"][] = [
      { status: "INACTIVE", currency: "USD" },
      { status: "ACTIVE", currency: "USD", nickname: "x" },
      { status: "ACTIVE" },
      { status: "ACTIVE", currency: null },
    ];
    for (const filters of variants) {
      pageTokenError(() => resolvePageSize(SECRET, { ...BINDING, filters }, { pageToken: token }, NOW));
    }
  });

  it("does not confuse client, endpoint and filter boundaries", () => {
    const a: PageBinding = { clientId: "ab", endpoint: "c", filters: {} };
    const b: PageBinding = { clientId: "a", endpoint: "bc", filters: {} };
    const token = issuePageToken(SECRET, a, 10, NOW);
    pageTokenError(() => resolvePageSize(SECRET, b, { pageToken: token }, NOW));
  });

  it("rejects a token sent with a changed page size", () => {
    const token = issuePageToken(SECRET, BINDING, 25, NOW);
    const err = pageTokenError(() => resolvePageSize(SECRET, BINDING, { pageSize: 50, pageToken: token }, NOW));
    expect(err.message).toContain("pageSize");
  });

  it("keeps a token valid for at least 15 minutes and until the TTL ends", () => {
    const token = issuePageToken(SECRET, BINDING, 10, NOW);
    expect(PAGE_TOKEN_TTL_S).toBeGreaterThanOrEqual(15 * 60);
    expect(resolvePageSize(SECRET, BINDING, { pageToken: token }, NOW + 15 * 60_000).pageSize).toBe(10);
    expect(resolvePageSize(SECRET, BINDING, { pageToken: token }, NOW + PAGE_TOKEN_TTL_S * 1000).pageSize).toBe(10);
  });

  it("rejects an expired token", () => {
    const token = issuePageToken(SECRET, BINDING, 10, NOW);
    const err = pageTokenError(() => resolvePageSize(SECRET, BINDING, { pageToken: token }, NOW + (PAGE_TOKEN_TTL_S + 1) * 1000));
    expect(err.message).toContain("expired");
  });

  it("rejects a token issued in the future beyond clock skew", () => {
    const token = issuePageToken(SECRET, BINDING, 10, NOW + 10 * 60_000);
    pageTokenError(() => resolvePageSize(SECRET, BINDING, { pageToken: token }, NOW));
  });

  it("rejects a token signed with another secret", () => {
    const token = issuePageToken("another-secret", BINDING, 10, NOW);
    pageTokenError(() => resolvePageSize(SECRET, BINDING, { pageToken: token }, NOW));
  });

  it("rejects a token whose signature was tampered with", () => {
    const token = issuePageToken(SECRET, BINDING, 10, NOW);
    const [body, signature = ""] = token.split(".");
    const flipped = (signature.startsWith("A") ? "B" : "A") + signature.slice(1);
    pageTokenError(() => resolvePageSize(SECRET, BINDING, { pageToken: `${body}.${flipped}` }, NOW));
    pageTokenError(() => resolvePageSize(SECRET, BINDING, { pageToken: `${body}.${signature.slice(0, -2)}` }, NOW));
  });

  it("rejects a token whose payload was rewritten (e.g. a larger page size, a smaller total)", () => {
    const token = sealPageToken(SECRET, BINDING, { pageSize: 10, issuedS: Math.floor(NOW / 1000), summary: { total: 50, snapshotUs: 1n }, cursor: null });
    const [body = "", signature] = token.split(".");
    const bytes = Buffer.from(body, "base64url");
    const larger = Buffer.from(bytes);
    larger.writeUInt16BE(1000, 14);
    const smaller = Buffer.from(bytes);
    smaller.writeUIntBE(5, 22, 6);
    for (const forged of [larger, smaller]) {
      pageTokenError(() => openPageToken(SECRET, BINDING, `${forged.toString("base64url")}.${signature}`, undefined, NOW));
    }
  });

  it("rejects garbage strings", () => {
    const garbage = ["", "abc", ".", "a.b.c", "!!!.???", "eyJ2IjoxfQ.", "not base64.at all", "é.é"];
    for (const pageToken of garbage) {
      pageTokenError(() => resolvePageSize(SECRET, BINDING, { pageToken }, NOW));
    }
  });

  it("rejects a correctly signed payload that is not a valid token (wrong length, version, flags or page size)", () => {
    // Mirrors the token format so the check behind the signature is exercised too.
    const signed = (bytes: Buffer) => {
      const body = bytes.toString("base64url");
      const tag = createHmac("sha256", SECRET).update(body, "utf8").digest().subarray(0, 16).toString("base64url");
      return `${body}.${tag}`;
    };
    const real = issuePageToken(SECRET, BINDING, 10, NOW);
    const bytes = Buffer.from(real.split(".")[0] ?? "", "base64url");
    expect(signed(bytes)).toBe(real);
    const variant = (edit: (b: Buffer) => void) => {
      const copy = Buffer.from(bytes);
      edit(copy);
      return copy;
    };
    const bad = [
      bytes.subarray(0, 51),
      Buffer.concat([bytes, Buffer.alloc(1)]),
      variant((b) => b.writeUInt8(1, 0)),
      variant((b) => b.writeUInt8(4, 1)),
      variant((b) => b.writeUInt16BE(0, 14)),
      Buffer.from('{"v":1,"s":10}', "utf8"),
    ];
    for (const b of bad) pageTokenError(() => resolvePageSize(SECRET, BINDING, { pageToken: signed(b) }, NOW));
  });

  it("carries the summary and the cursor through a round trip, at their largest values, within 100 characters", () => {
    const state = {
      pageSize: 1000,
      issuedS: Math.floor(Date.UTC(2105, 0, 1) / 1000),
      summary: { total: 2 ** 48 - 1, snapshotUs: 4_102_444_800_000_000n },
      cursor: { page: 2_147_483_647, atUs: 4_102_444_799_999_999n, skip: 2 ** 32 - 1 },
    };
    const token = sealPageToken(SECRET, BINDING, state);
    expect(token.length).toBeLessThanOrEqual(100);
    expect(openPageToken(SECRET, BINDING, token, undefined, Date.UTC(2105, 0, 1))).toEqual(state);
    const bare = sealPageToken(SECRET, BINDING, { ...state, summary: null, cursor: null });
    expect(openPageToken(SECRET, BINDING, bare, 1000, Date.UTC(2105, 0, 1))).toEqual({ ...state, summary: null, cursor: null });
  });

  it("rejects a 101-character token", () => {
    const token = issuePageToken(SECRET, BINDING, 10, NOW);
    const long = token + "A".repeat(101 - token.length);
    expect(long).toHaveLength(101);
    const err = pageTokenError(() => resolvePageSize(SECRET, BINDING, { pageToken: long }, NOW));
    expect(err.message).toContain("100");
  });

  it("refuses to sign with an empty secret", () => {
    expect(() => issuePageToken("", BINDING, 10, NOW)).toThrow();
  });
});

describe("paginationMeta", () => {
  it("uses the snake_case property names of the contract", () => {
    expect(paginationMeta(2, 25, 60, "tok")).toEqual({
      pagination: { page_start: 2, page_size: 25, total_size: 60, page_token: "tok" },
    });
  });
});

describe("pageOffset", () => {
  it("starts page 1 at row 0 and advances by the page size", () => {
    expect(pageOffset(1, 100)).toBe(0);
    expect(pageOffset(3, 25)).toBe(50);
  });

  it("returns an offset past the end for a page past the end, which the query turns into an empty page", () => {
    expect(pageOffset(1_000, 100)).toBe(99_900);
  });

  it("stays exact at the largest allowed pageStart and page size", () => {
    expect(pageOffset(2_147_483_647, 1000)).toBe(2_147_483_646_000);
  });

  it("caps instead of losing precision when the product exceeds the safe integer range", () => {
    expect(pageOffset(Number.MAX_SAFE_INTEGER, 1000)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("rejects a non-positive or fractional page number or size", () => {
    expect(() => pageOffset(0, 10)).toThrow(RangeError);
    expect(() => pageOffset(1, 0)).toThrow(RangeError);
    expect(() => pageOffset(1.5, 10)).toThrow(RangeError);
  });
});

describe("paginationQuery accepts plain digits only", () => {
  it.each(["0x10", "1e2", " 5", "5.0", "", "-1"])("refuses pageSize=%j", (value) => {
    expect(paginationQuery().safeParse({ pageSize: value }).success).toBe(false);
  });
  it("reads plain digits as numbers and defaults pageStart to 1", () => {
    expect(paginationQuery().parse({ pageSize: "25" })).toEqual({ pageStart: 1, pageSize: 25 });
  });
});
