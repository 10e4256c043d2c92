import { describe, expect, it } from "vitest";
import { GET as getAccount } from "@/app/v1/accounts/[accountNumber]/route";
import type { Role } from "@/lib/contract/auth/roles";
import { readQuota } from "@/lib/server/http/rate-limit";
import { mintPortalToken } from "@/lib/server/portal/access-token";
import { getRuntime } from "@/lib/server/runtime";
import { call, expectErrorBody, tokenFor } from "@/tests/api";
import { achBody, newKey, postAch } from "@/tests/payments";

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
  async function portalToken(email: string): Promise<string> {
    const runtime = await getRuntime();
    const { rows } = await runtime.db.query<{ user_id: string; email: string; role: Role; client_id: string; cif: string; permissions: string[] }>(
      "SELECT u.user_id, u.email, u.role, u.client_id, c.cif, c.permissions FROM users u JOIN clients c USING (client_id) WHERE u.email = $1",
      [email],
    );
    const u = rows[0]!;
    const user = { id: u.user_id, email: u.email, role: u.role, clientId: u.client_id, cif: u.cif, clientPermissions: u.permissions };
    return (await mintPortalToken(runtime, user)).access_token;
  }

  it("charges a portal user's own quota, never the client's, and shows admins the client's", async () => {
    const get = (token: string) => call(getAccount, "/v1/accounts/1000123456", { token, params: { accountNumber: "1000123456" } });
    const { db, config } = await getRuntime();
    const clientBefore = await readQuota(db, "acme", config.rateLimit);
    const treasurer = await portalToken("treasurer@acme.test");
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await get(treasurer)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await readQuota(db, "acme", config.rateLimit)).used).toBe(clientBefore.used);
    // A colleague is not starved by the first user.
    const admin = await get(await portalToken("admin@acme.test"));
    expect(admin.status).toBe(200);
    expect(admin.headers.get("ratelimit-limit")).toBe("5");
    expect(admin.headers.get("ratelimit-remaining")).toBe("4");
    expect(admin.headers.get("client-ratelimit-limit")).toBe("3");
    expect(admin.headers.get("client-ratelimit-remaining")).toBe(String(Math.max(0, 3 - clientBefore.used)));
    // The integrations spent the client's quota in the test above; the portal still works.
    // Only admins see the client's quota.
    const viewer = await get(await portalToken("viewer@acme.test"));
    expect(viewer.status).toBe(200);
    expect(viewer.headers.get("client-ratelimit-remaining")).toBeNull();
  });
});
