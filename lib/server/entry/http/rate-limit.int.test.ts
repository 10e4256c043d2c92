import { describe, expect, it } from "vitest";
import { GET as getAccount } from "@/app/v1/accounts/[accountNumber]/route";
import { readQuota } from "@/lib/server/entry/http/rate-limit";
import { getRuntime } from "@/lib/server/entry/runtime";
import { call, expectErrorBody, tokenFor } from "@/tests/api";
import { achBody, newKey, postAch } from "@/tests/payments";
import { portalTokenFor } from "@/tests/portal";

// Read once per process by getConfig(): set before the first request of this file.
process.env.RATE_LIMIT_MAX = "3";
process.env.PORTAL_RATE_LIMIT_MAX = "5";

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

describe("portal quota (issue 11)", () => {
  it("charges a portal user's own quota, never the client's, and shows admins the client's", async () => {
    const get = (token: string) => call(getAccount, "/v1/accounts/1000123456", { token, params: { accountNumber: "1000123456" } });
    const { db, config } = await getRuntime();
    const clientBefore = await readQuota(db, "acme", config.rateLimit);
    const treasurer = await portalTokenFor("treasurer@acme.test");
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await get(treasurer)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await readQuota(db, "acme", config.rateLimit)).used).toBe(clientBefore.used);
    // A colleague is not starved by the first user.
    const admin = await get(await portalTokenFor("admin@acme.test"));
    expect(admin.status).toBe(200);
    expect(admin.headers.get("ratelimit-limit")).toBe("5");
    expect(admin.headers.get("ratelimit-remaining")).toBe("4");
    expect(admin.headers.get("client-ratelimit-limit")).toBe("3");
    expect(admin.headers.get("client-ratelimit-remaining")).toBe(String(Math.max(0, 3 - clientBefore.used)));
    // The integrations spent the client's quota in the test above; the portal still works.
    // Only admins see the client's quota.
    const viewer = await get(await portalTokenFor("viewer@acme.test"));
    expect(viewer.status).toBe(200);
    expect(viewer.headers.get("client-ratelimit-remaining")).toBeNull();
  });
});
