import { describe, expect, it } from "vitest";
import { GET as getAccount } from "@/app/v1/accounts/[accountNumber]/route";
import { getRuntime } from "@/lib/server/runtime";
import { call, expectErrorBody, tokenFor } from "@/tests/api";
import { achBody, newKey, postAch } from "@/tests/payments";

// Read once per process by getConfig(): set before the first request of this file.
process.env.RATE_LIMIT_MAX = "3";

describe("rate limit (decisions §1)", () => {
  it("counts per client and answers 429 with retry_after, Retry-After and RateLimit headers", async () => {
    const acme = await tokenFor("acme");
    const get = (token: string, n = "1000123456") => call(getAccount, `/v1/accounts/${n}`, { token, params: { accountNumber: n } });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await get(acme)).status);
    expect(statuses).toEqual([200, 200, 200]);
    const limited = await get(acme);
    expect(limited.status).toBe(429);
    expectErrorBody(limited.body, 429, "RATE_LIMITED");
    expect(limited.body.retry_after).toMatch(/^\d+ minutes$/);
    expect(limited.body.message).toContain("3 requests per 60 minutes");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.headers.get("ratelimit-limit")).toBe("3");
    expect(limited.headers.get("ratelimit-remaining")).toBe("0");
    // Another client has its own quota.
    expect((await get(await tokenFor("globex"), "3000456001")).status).toBe(200);
  });

  // The claim shares the admission round trip; it must be made only for an admitted request.
  it("claims no Idempotency-Key for a request it refuses", async () => {
    const key = newKey();
    const refused = await postAch(achBody(), { key });
    expect(refused.status).toBe(429);
    const { db } = await getRuntime();
    const { rows } = await db.query("SELECT 1 FROM idempotency_keys WHERE idem_key = $1", [key]);
    expect(rows).toEqual([]);
  });
});
