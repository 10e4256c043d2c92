import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { admitRequest, portalBucket } from "@/lib/server/entry/http/rate-limit";
import { collectSystemStatus } from "@/lib/server/entry/portal/status";
import { getRuntime } from "@/lib/server/entry/runtime";

const ACME_CIF = "100200300";
const GLOBEX_CIF = "200300400";

describe("the portal's status monitor shows a client only its own figures", () => {
  it("counts the client's queued tasks, never another client's", async () => {
    const runtime = await getRuntime();
    const before = (await collectSystemStatus(runtime, "globex")).queue.open ?? 0;
    await runtime.db.query(
      "INSERT INTO queue_tasks (client_id, kind, payload, run_at) SELECT 'acme', 'status-probe', '{}', now() + interval '1 hour' FROM generate_series(1, 5)",
    );
    const globex = await collectSystemStatus(runtime, "globex");
    const acme = await collectSystemStatus(runtime, "acme");
    expect(globex.queue.open).toBe(before);
    expect(acme.queue.open).toBeGreaterThanOrEqual(5);
  });
});

describe("the status monitor says when the client's API quota is exhausted (issue 11)", () => {
  // A small quota of its own, so the test spends 3 requests rather than the suite's 100,000.
  const QUOTA = { max: 3, windowSeconds: 3600 };

  it("is Operational with room left, and down (exhausted) for that client once its integrations have spent it", async () => {
    const runtime = await getRuntime();
    const small = { db: runtime.db, config: { ...runtime.config, rateLimit: QUOTA } };
    const integration = { clientId: "globex", cif: GLOBEX_CIF, portalUser: null };
    expect((await collectSystemStatus(small, "globex")).apiQuota).toMatchObject({ health: "ok", used: 0, limit: 3 });

    for (let i = 0; i < 3; i += 1) expect((await admitRequest(runtime.db, integration, "127.0.0.1", QUOTA)).limited).toBe(false);
    const spent = (await collectSystemStatus(small, "globex")).apiQuota;
    expect(spent).toMatchObject({ health: "down", used: 3, limit: 3 });
    expect(spent.resetSeconds).toBeGreaterThan(0);
    expect(spent.resetSeconds).toBeLessThanOrEqual(3600);
    expect((await admitRequest(runtime.db, integration, "127.0.0.1", QUOTA)).limited).toBe(true);

    // Another client's quota is its own.
    expect((await collectSystemStatus(small, "acme")).apiQuota).toMatchObject({ health: "ok", used: 0 });
  });

  it("does not count the portal's own requests, which go to the user's bucket", async () => {
    const runtime = await getRuntime();
    const small = { db: runtime.db, config: { ...runtime.config, rateLimit: QUOTA } };
    const portalUser = { id: "portal-user", email: "admin@acme.test", role: "admin" as const, sessionId: randomUUID() };
    for (let i = 0; i < 5; i += 1)
      await admitRequest(runtime.db, { clientId: "acme", cif: ACME_CIF, portalUser }, "127.0.0.1", { ...QUOTA, bucket: portalBucket(portalUser.id) });
    expect((await collectSystemStatus(small, "acme")).apiQuota).toMatchObject({ health: "ok", used: 0 });
  });
});
