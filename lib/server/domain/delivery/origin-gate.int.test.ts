import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTransaction } from "@/lib/server/core/db/transaction";
import { OriginGate, SHARES, type Turn } from "@/lib/server/domain/delivery/origin-gate";
import { enqueueDelivery } from "@/lib/server/domain/delivery/outbox";
import { DELIVERY_TASK } from "@/lib/server/domain/delivery/task";
import { Worker } from "@/lib/server/core/jobs/worker";
import { getRuntime } from "@/lib/server/entry/runtime";

/** A loopback receiver answering 200 after `holdMs`, counting the requests it holds at once. */
async function slowReceiver(holdMs: number) {
  let inFlight = 0;
  let maxInFlight = 0;
  const arrivals: number[] = [];
  const server = http.createServer((req, res) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    req.resume();
    req.on("end", () => {
      arrivals.push(Date.now());
      setTimeout(() => {
        inFlight -= 1;
        res.writeHead(200).end("ok");
      }, holdMs).unref();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    arrivals,
    maxInFlight: () => maxInFlight,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

let receiver: Awaited<ReturnType<typeof slowReceiver>>;
beforeAll(async () => {
  receiver = await slowReceiver(1_500);
});
afterAll(async () => {
  await receiver.close();
});

const slotOf = (turn: Turn) => {
  if (turn.kind !== "slot") throw new Error(`expected a slot, got ${turn.kind}`);
  return turn;
};

describe("receiver slots and verdicts shared in PostgreSQL", () => {
  it("two servers share one receiver's 4 slots: the second gets one only when the first frees it", async () => {
    const { db } = await getRuntime();
    const [serverA, serverB] = [new OriginGate(), new OriginGate()];
    const origin = "http://127.0.0.1:61001";
    const held = await Promise.all([...Array(SHARES.fast)].map(async () => slotOf(await serverA.acquire(db, origin))));
    let answered = false;
    const waiting = serverB.acquire(db, origin).finally(() => (answered = true));
    await new Promise((r) => setTimeout(r, 300));
    expect(answered).toBe(false);
    // Noticed by polling PostgreSQL (the other server's release wakes nothing in this process).
    await held[0]!.release({ kind: "answered", latencyMs: 20 });
    const turn = await waiting;
    expect(turn.kind).toBe("slot");
    await Promise.all([...held.slice(1), slotOf(turn)].map((t) => t.release({ kind: "answered", latencyMs: 20 })));
  });

  it("a timeout seen by one server makes the receiver hanging for all: one slot, the rest deferred at once; an answer ends it", async () => {
    const { db } = await getRuntime();
    const [serverA, serverB] = [new OriginGate(), new OriginGate()];
    const origin = "http://127.0.0.1:61002";
    const first = slotOf(await serverA.acquire(db, origin));
    await first.release({ kind: "timed-out", latencyMs: 10_000, hangBaseMs: 30_000, hangMaxMs: 600_000 });
    const probe = slotOf(await serverB.acquire(db, origin));
    // No wait on a hanging receiver: an acquire that waited for the probe's slot would never answer, as the probe is
    // not released before the race ends.
    const deferred = await Promise.race([serverB.acquire(db, origin), new Promise<"waited">((r) => setTimeout(() => r("waited"), 10_000))]);
    if (deferred === "waited") throw new Error("the acquire waited for the probe's slot instead of deferring");
    expect(deferred).toMatchObject({ kind: "deferred", reason: expect.stringContaining("not answering") });
    // Its turns are spaced at the pace of one 10 s attempt per slot.
    const later = await serverA.acquire(db, origin);
    expect(later.kind === "deferred" && deferred.kind === "deferred" && later.delayMs - deferred.delayMs).toBeGreaterThan(9_000);
    await probe.release({ kind: "answered", latencyMs: 40 });
    const { rows } = await db.query("SELECT failures, hanging_until FROM webhook_receivers WHERE origin = $1", [origin]);
    expect(rows).toEqual([{ failures: 0, hanging_until: null }]);
    const back = await Promise.all([serverA.acquire(db, origin), serverB.acquire(db, origin)]);
    expect(back.map((t) => t.kind)).toEqual(["slot", "slot"]);
    await Promise.all(back.map((t) => slotOf(t).release({ kind: "answered", latencyMs: 40 })));
  });

  it("a fast answer passes the slot straight to the next delivery waiting in the same server; a slow one frees it in PostgreSQL, where the share is judged again", async () => {
    const { db } = await getRuntime();
    const gate = new OriginGate();
    // An origin key only: nothing is sent in this test.
    const origin = "http://127.0.0.1:9";
    await db.query("DELETE FROM webhook_receivers WHERE origin = $1", [origin]);
    const live = async () =>
      (await db.query("SELECT slot, holder FROM webhook_receiver_slots WHERE origin = $1 AND expires_at > now() ORDER BY slot", [origin])).rows;
    const inLine = async (n: number) => {
      while ((gate["waiting"].get(origin)?.length ?? 0) < n) await new Promise((r) => setTimeout(r, 5));
    };
    const held = await Promise.all([...Array(SHARES.fast)].map(async () => slotOf(await gate.acquire(db, origin))));
    const before = await live();
    expect(before).toHaveLength(SHARES.fast);

    const waiting = gate.acquire(db, origin);
    await inLine(1);
    await held[0]!.release({ kind: "answered", latencyMs: 5 });
    const passed = slotOf(await waiting);
    // The same rows, holders unchanged: passed over in the process, neither freed nor taken again.
    expect(await live()).toEqual(before);

    const second = gate.acquire(db, origin);
    await inLine(1);
    await held[1]!.release({ kind: "answered", latencyMs: 1_500 });
    // Freed in PostgreSQL with its answer time: the receiver is now slow (2 slots) and 3 are still held, so the waiting
    // delivery is deferred rather than handed the slot.
    expect(await second).toMatchObject({ kind: "deferred" });
    expect(await live()).toHaveLength(SHARES.fast - 1);
    const { rows } = await db.query("SELECT latency_ms FROM webhook_receivers WHERE origin = $1", [origin]);
    expect(rows).toEqual([{ latency_ms: 1_500 }]);
    await Promise.all([passed, ...held.slice(2)].map((t) => t.release({ kind: "answered", latencyMs: 5 })));
    expect(await live()).toHaveLength(0);
  });

  it("a healthy receiver answering in 1.5 s gets a backlog at its share's pace, never more than 4 at once, and no attempt counted for waiting", async () => {
    const runtime = await getRuntime();
    const count = 12;
    await withTransaction(runtime.db, async (tx) => {
      for (let i = 0; i < count; i++) {
        await enqueueDelivery(tx, { clientId: "globex", url: receiver.url(`/erp/${i}`), body: { n: i }, source: { kind: "pacing-test", id: "1" } });
      }
    });
    const worker = new Worker(runtime, [DELIVERY_TASK], [], { pollMs: 50 });
    const started = Date.now();
    await worker.start();
    try {
      while (receiver.arrivals.length < count && Date.now() - started < 40_000) await new Promise((r) => setTimeout(r, 50));
    } finally {
      await worker.stop();
    }
    const tookMs = receiver.arrivals.at(-1)! - started;
    console.log(`pacing: ${count} deliveries to a 1.5 s receiver arrived within ${tookMs} ms; at most ${receiver.maxInFlight()} at once`);
    expect(receiver.arrivals).toHaveLength(count);
    // 4 slots until its answers show 1.5 s, then 2: the 12th arrives by about 4 + 8 / 2 × 1.5 s = 6 s;
    // the fixed 0.5 s cut-off deferred the rest by 5 s and more each (about 40 s). The bound tells the two apart with
    // room for a loaded machine; it is not a speed check (that is `npm run bench`).
    expect(tookMs).toBeLessThan(25_000);
    expect(receiver.maxInFlight()).toBeLessThanOrEqual(SHARES.fast);
    const { rows } = await runtime.db.query(
      "SELECT max(attempt_count)::int AS attempts, count(*) FILTER (WHERE status = 'Succeeded')::int AS ok FROM deliveries WHERE source_kind = 'pacing-test'",
    );
    expect(rows[0]).toEqual({ attempts: 1, ok: count });
  });
});
