import { afterEach, describe, expect, it } from "vitest";
import { withTransaction } from "@/lib/server/core/db/transaction";
import { enqueueTask, queueDepth } from "@/lib/server/core/jobs/queue-repo";
import { RetryLater, Worker, type TaskDefinition } from "@/lib/server/core/jobs/worker";
import { getRuntime } from "@/lib/server/entry/runtime";

const workers: Worker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  const { db } = await getRuntime();
  await db.query("DELETE FROM queue_tasks");
});

function recorder(kind: string, behaviour: (attempt: number) => Promise<void> = async () => {}) {
  const seen: string[] = [];
  const definition: TaskDefinition = {
    kind,
    leaseSeconds: 30,
    maxAttempts: 3,
    handle: async (task) => {
      seen.push(String(task.payload.n));
      await behaviour(task.attempts);
    },
  };
  return { seen, definition };
}

describe("task queue", () => {
  it("enqueues with the transaction: a rolled-back change leaves no task", async () => {
    const runtime = await getRuntime();
    await withTransaction(runtime.db, (tx) => enqueueTask(tx, "t.commit", { n: 1 })).catch(() => {});
    await withTransaction(runtime.db, async (tx) => {
      await enqueueTask(tx, "t.commit", { n: 2 });
      throw new Error("abort");
    }).catch(() => {});
    const { seen, definition } = recorder("t.commit");
    expect(await new Worker(runtime, [definition]).drain()).toBe(1);
    expect(seen).toEqual(["1"]);
  });

  it("runs each task exactly once when several workers compete", async () => {
    const runtime = await getRuntime();
    for (let n = 0; n < 200; n++) await enqueueTask(runtime.db, "t.compete", { n });
    const { seen, definition } = recorder("t.compete");
    await Promise.all([1, 2, 3, 4].map(() => new Worker(runtime, [definition], [], { concurrency: 8 }).drain()));
    expect(seen).toHaveLength(200);
    expect(new Set(seen).size).toBe(200);
  });

  it("retries on RetryLater and on errors, then fails after maxAttempts", async () => {
    const runtime = await getRuntime();
    await enqueueTask(runtime.db, "t.retry", { n: 1 });
    const { seen, definition } = recorder("t.retry", async () => {
      throw new RetryLater(0, "receiver down");
    });
    const worker = new Worker(runtime, [definition]);
    await worker.drain();
    await worker.drain();
    expect(seen).toEqual(["1", "1"]);

    await enqueueTask(runtime.db, "t.fail", { n: 9 });
    const failing = recorder("t.fail", async () => {
      throw new Error("boom");
    });
    const w2 = new Worker(runtime, [failing.definition]);
    for (let i = 0; i < 3; i++) {
      await runtime.db.query("UPDATE queue_tasks SET run_at = now() WHERE kind = 't.fail'");
      await w2.drain();
    }
    expect(failing.seen).toHaveLength(3);
    expect((await queueDepth(runtime.db)).failed).toBe(1);
  });

  it("takes a task again when the lease of a crashed worker lapses", async () => {
    const runtime = await getRuntime();
    await enqueueTask(runtime.db, "t.lease", { n: 7 });
    // A worker that claimed the task and died: lease set, never completed.
    await runtime.db.query("UPDATE queue_tasks SET locked_by = 'dead', locked_until = now() - interval '1 second', attempts = 1 WHERE kind = 't.lease'");
    const { seen, definition } = recorder("t.lease");
    await new Worker(runtime, [definition]).drain();
    expect(seen).toEqual(["7"]);
  });

  it("leases each kind for its own time", async () => {
    const runtime = await getRuntime();
    await enqueueTask(runtime.db, "t.short", { n: 1 });
    await enqueueTask(runtime.db, "t.long", { n: 2 });
    const { claimTasks } = await import("@/lib/server/core/jobs/queue-repo");
    await claimTasks(runtime.db, "w", ["t.short", "t.long"], 10, [5, 600]);
    const { rows } = await runtime.db.query<{ kind: string; secs: number }>(
      "SELECT kind, extract(epoch FROM locked_until - now())::int AS secs FROM queue_tasks ORDER BY kind",
    );
    expect(rows.find((r) => r.kind === "t.short")!.secs).toBeLessThanOrEqual(5);
    expect(rows.find((r) => r.kind === "t.long")!.secs).toBeGreaterThan(500);
  });

  it("wakes a running worker through NOTIFY at commit", async () => {
    const runtime = await getRuntime();
    let resolve: () => void = () => {};
    const done = new Promise<void>((r) => (resolve = r));
    const worker = new Worker(runtime, [{ kind: "t.notify", leaseSeconds: 30, maxAttempts: 1, handle: async () => resolve() }], [], { pollMs: 60_000 });
    workers.push(worker);
    await worker.start();
    await new Promise((r) => setTimeout(r, 100));
    await enqueueTask(runtime.db, "t.notify", {});
    await expect(Promise.race([done.then(() => "ran"), new Promise((r) => setTimeout(() => r("timeout"), 5000))])).resolves.toBe("ran");
  });
});

describe("stopping a worker", () => {
  it("lets tasks in hand finish within the grace", async () => {
    const runtime = await getRuntime();
    await enqueueTask(runtime.db, "t.finish", { n: 1 });
    let started: () => void = () => {};
    const running = new Promise<void>((r) => (started = r));
    const definition: TaskDefinition = {
      kind: "t.finish",
      leaseSeconds: 30,
      maxAttempts: 3,
      handle: async () => {
        started();
        await new Promise((r) => setTimeout(r, 300));
      },
    };
    const worker = new Worker(runtime, [definition], [], { pollMs: 50 });
    await worker.start();
    await running;
    await worker.stop(5000);
    const { rows } = await runtime.db.query("SELECT done_at IS NOT NULL AS done FROM queue_tasks WHERE kind = 't.finish'");
    expect(rows).toEqual([{ done: true }]);
  });

  it("releases a task that outlives the grace, without counting the attempt, and leaves the instance list", async () => {
    const runtime = await getRuntime();
    await enqueueTask(runtime.db, "t.slow", { n: 1 });
    let started: () => void = () => {};
    const running = new Promise<void>((r) => (started = r));
    let finish: () => void = () => {};
    const definition: TaskDefinition = {
      kind: "t.slow",
      leaseSeconds: 600,
      maxAttempts: 3,
      handle: async () => {
        started();
        await new Promise<void>((r) => (finish = r));
      },
    };
    const worker = new Worker(runtime, [definition], [], { pollMs: 50 });
    await worker.start();
    await running;
    await worker.stop(100);
    const { rows } = await runtime.db.query("SELECT locked_by, locked_until, attempts, done_at FROM queue_tasks WHERE kind = 't.slow'");
    expect(rows).toEqual([{ locked_by: null, locked_until: null, attempts: 0, done_at: null }]);
    const heartbeats = await runtime.db.query("SELECT 1 FROM worker_heartbeats WHERE worker_id = $1", [worker.id]);
    expect(heartbeats.rowCount).toBe(0);

    // The released task is due at once for another instance; the old handler finishing late changes nothing.
    const next = recorder("t.slow");
    expect(await new Worker(runtime, [next.definition]).drain()).toBe(1);
    finish();
    await new Promise((r) => setTimeout(r, 50));
    const after = await runtime.db.query("SELECT attempts, done_at IS NOT NULL AS done FROM queue_tasks WHERE kind = 't.slow'");
    expect(after.rows).toEqual([{ attempts: 1, done: true }]);
  });
});
