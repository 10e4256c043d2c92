import type { PoolClient } from "pg";
import { describe, expect, it } from "vitest";
import { getRuntime } from "@/lib/server/entry/runtime";
import { raiseEvent } from "@/lib/server/domain/events/raise";
import { listEvents } from "@/lib/server/domain/events/service";
import type { TRaisedEvent } from "@/lib/contract/events/schema";

/**
 * GET /v1/events' cursor against writers committing out of order: each writer is its own
 * connection, as two app servers on one database are. A reader that pages as a receiver would
 * (after = the last eventId it saw) must end with every event exactly once, in one order.
 */
const CLIENT = "initech";

const jobEvent = (n: number): TRaisedEvent => ({
  topic: "JobCompleted",
  data: {
    jobId: `job-${n}`,
    kind: "VirtualAccounts",
    status: "Completed",
    totalItems: n,
    succeededItems: n,
    failedItems: 0,
    completedAt: new Date().toISOString(),
    statusUrl: "http://127.0.0.1/v1/jobs/x",
    resultUrl: "http://127.0.0.1/v1/jobs/x/results",
  },
});

async function begin(): Promise<PoolClient> {
  const client = await (await getRuntime()).db.connect();
  await client.query("BEGIN");
  return client;
}

async function raise(tx: PoolClient, n: number): Promise<string> {
  return (await raiseEvent({ db: tx, actor: { clientId: CLIENT } }, jobEvent(n))).eventId;
}

async function end(tx: PoolClient, how: "COMMIT" | "ROLLBACK" = "COMMIT"): Promise<void> {
  await tx.query(how);
  tx.release();
}

/** A reader paging on from `after`, collecting what it sees. */
function reader() {
  const seen: string[] = [];
  let after: string | undefined;
  return {
    seen,
    async poll(): Promise<void> {
      const { db } = await getRuntime();
      for (;;) {
        const page = await listEvents(db, CLIENT, { after, pageSize: 3 });
        seen.push(...page.data.map((e) => e.eventId));
        after = page.meta.next ?? undefined;
        if (!page.meta.hasMore) return;
      }
    },
  };
}

describe("the events cursor never skips an event committed out of order", () => {
  it("holds back a later writer's event until an earlier transaction still in flight has ended", async () => {
    const r = reader();
    const a = await begin();
    const first = await raise(a, 1); // A takes its transaction id and sequence number first...
    const b = await begin();
    const second = await raise(b, 2);
    await end(b); // ...but B commits first.
    await r.poll();
    expect(r.seen).toEqual([]); // a sequence-only cursor would have listed B here, and then missed A
    const c = await begin();
    await c.query("SELECT pg_current_xact_id()"); // C holds an older transaction id than the event it writes later
    const d = await begin();
    const fourth = await raise(d, 4);
    await end(d);
    const third = await raise(c, 3);
    await end(a);
    await r.poll();
    expect(r.seen).toEqual([first, second]);
    await end(c);
    await r.poll();
    expect(r.seen).toEqual([first, second, third, fourth]);
    const rolledBack = await begin();
    await raise(rolledBack, 5);
    await end(rolledBack, "ROLLBACK");
    await r.poll();
    expect(r.seen).toEqual([first, second, third, fourth]);
  });

  it("pages through concurrent writers on several connections with no gap and no repeat", async () => {
    const r = reader();
    await r.poll();
    const before = r.seen.length;
    const written: string[] = [];
    let writing = true;
    const writer = async (w: number) => {
      for (let i = 0; i < 15; i++) {
        const tx = await begin();
        const ids = [await raise(tx, w * 100 + i)];
        // Hold some transactions open across other writers' commits, so commits interleave out of order.
        await new Promise((resolve) => setTimeout(resolve, (w * 7 + i * 3) % 11));
        if (i % 4 === 0) ids.push(await raise(tx, w * 100 + i + 50));
        await end(tx);
        written.push(...ids);
      }
    };
    const polling = (async () => {
      while (writing) {
        await r.poll();
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    await Promise.all([writer(1), writer(2), writer(3)]);
    writing = false;
    await polling;
    await r.poll();
    const fresh = r.seen.slice(before);
    expect(new Set(fresh).size).toBe(fresh.length);
    expect([...fresh].sort()).toEqual([...written].sort());
    expect(written.length).toBe(3 * (15 + 4));
  });
});
