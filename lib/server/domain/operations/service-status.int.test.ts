import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { collectBankStatus } from "@/lib/server/domain/operations/service-status";
import { getRuntime } from "@/lib/server/entry/runtime";

/**
 * The operators' System panel (issue 15, "Watching it"): instances from their
 * heartbeats, the queue by kind across every client, the oldest due task and
 * the webhook backlog. Rows are written as the worker and the delivery engine
 * write them; no worker runs in this process to take the tasks.
 */
describe("bank-wide service status for operators", () => {
  it("lists each instance once, alive or stopped by its last heartbeat", async () => {
    const { db } = await getRuntime();
    await db.query(
      `INSERT INTO worker_heartbeats (worker_id, started_at, seen_at) VALUES
         ('host-a:101', now() - interval '1 hour', now() - interval '2 seconds'),
         ('host-b:202', now() - interval '2 hours', now() - interval '5 minutes'),
         ('host-c:303', now() - interval '3 days', now() - interval '2 days')`,
    );
    const { instances, aliveWithinSeconds } = await collectBankStatus(await getRuntime());
    expect(aliveWithinSeconds).toBe(30);
    expect(instances.map((i) => [i.workerId, i.alive])).toEqual([
      ["host-a:101", true],
      ["host-b:202", false],
    ]); // a process gone for a day is no longer listed
    expect(instances[1]!.lastSeenSeconds).toBeGreaterThanOrEqual(299);
  });

  it("counts every client's open tasks by kind and names the oldest due one", async () => {
    const { db } = await getRuntime();
    await db.query(
      `INSERT INTO queue_tasks (client_id, kind, payload, run_at, attempts, last_error, locked_until) VALUES
         ('acme',   'probe.due',    '{}', now() - interval '10 minutes', 2, 'connection refused', NULL),
         ('globex', 'probe.due',    '{}', now() - interval '1 minute',   0, NULL, NULL),
         ('globex', 'probe.later',  '{}', now() + interval '1 hour',     0, NULL, NULL),
         ('acme',   'probe.leased', '{}', now() - interval '20 minutes', 1, NULL, now() + interval '1 minute')`,
    );
    await db.query("INSERT INTO queue_tasks (client_id, kind, run_at, done_at) VALUES ('acme', 'probe.due', now() - interval '1 day', now())");
    const { queue, oldestDue } = await collectBankStatus(await getRuntime());
    const byKind = Object.fromEntries(queue.filter((q) => q.kind.startsWith("probe.")).map((q) => [q.kind, q]));
    expect(byKind["probe.due"]).toMatchObject({ open: 2, due: 2, running: 0 });
    expect(byKind["probe.due"]!.oldestDueSeconds).toBeGreaterThanOrEqual(599);
    expect(byKind["probe.later"]).toMatchObject({ open: 1, due: 0, running: 0, oldestDueSeconds: null });
    expect(byKind["probe.leased"]).toMatchObject({ open: 1, due: 0, running: 1 });
    // The leased task is older, but it is being worked on: the oldest *due* one is acme's retrying task.
    expect(oldestDue).toMatchObject({ kind: "probe.due", clientId: "acme", attempts: 2, lastError: "connection refused" });
    expect(oldestDue!.waitingSeconds).toBeGreaterThanOrEqual(599);
  });

  it("shows the webhook backlog per client with the totals", async () => {
    const { db } = await getRuntime();
    const insert = (client: string, status: string, ageMinutes: number) =>
      db.query(
        `INSERT INTO deliveries (client_id, delivery_id, source_kind, source_id, url, body, status, created_at, completed_at)
         VALUES ($1, $2, 'subscription', 'sub-1', 'http://127.0.0.1:9/hook', '{}', $3, now() - make_interval(mins => $4),
                 CASE WHEN $3 = 'Pending' THEN NULL ELSE now() - make_interval(mins => $4) END)`,
        [client, randomUUID(), status, ageMinutes],
      );
    const before = (await collectBankStatus(await getRuntime())).webhooks;
    await insert("acme", "Pending", 15);
    await insert("acme", "Pending", 1);
    await insert("globex", "Pending", 3);
    await insert("globex", "Failed", 30);
    await insert("globex", "Succeeded", 30);
    const { webhooks } = await collectBankStatus(await getRuntime());
    expect(webhooks.pending - before.pending).toBe(3);
    expect(webhooks.failedLastDay - before.failedLastDay).toBe(1);
    const acme = webhooks.byClient.find((c) => c.clientId === "acme")!;
    expect(acme.pending).toBe(2);
    expect(acme.oldestPendingSeconds).toBeGreaterThanOrEqual(899);
    expect(webhooks.byClient.find((c) => c.clientId === "globex")).toMatchObject({ pending: 1, failedLastDay: 1 });
  });
});
