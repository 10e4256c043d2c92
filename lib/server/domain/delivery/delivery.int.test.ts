import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTransaction } from "@/lib/server/core/db/transaction";
import { enqueueDelivery } from "@/lib/server/domain/delivery/outbox";
import { DELIVERY_TASK } from "@/lib/server/domain/delivery/task";
import { Worker } from "@/lib/server/core/jobs/worker";
import { getRuntime } from "@/lib/server/entry/runtime";
import { startReceiver, type Receiver } from "@/tests/webhook-receiver";

let healthy: Receiver;
let hanging: Receiver;
/**
 * How long the hanging receiver holds each request. Long enough that, on a 2-core machine running two test
 * files at once beside other work, the 40 healthy deliveries land well before it: had they waited for a
 * hanging attempt to end they would land after it.
 */
const HANG_MS = 8_000;
beforeAll(async () => {
  healthy = await startReceiver();
  hanging = await startReceiver({ hangMs: HANG_MS });
});
afterAll(async () => {
  await healthy.close();
  await hanging.close();
});

async function enqueue(urls: string[], kind: string): Promise<void> {
  const { db } = await getRuntime();
  await withTransaction(db, async (tx) => {
    for (const [i, url] of urls.entries()) {
      await enqueueDelivery(tx, { clientId: "globex", url, body: { n: i }, source: { kind, id: "1" } });
    }
  });
}

describe("delivery worker", () => {
  it("keeps delivering to healthy receivers while another receiver hangs", async () => {
    // Interleaved, so that without a per-receiver limit the hanging ones would take every worker slot.
    const urls = [...Array(60)].map((_, i) => (i % 3 === 0 ? hanging.url(`/slow/${i}`) : healthy.url(`/fast/${i}`)));
    await enqueue(urls, "fairness-test");
    const worker = new Worker(await getRuntime(), [DELIVERY_TASK], [], { pollMs: 50 });
    const started = Date.now();
    await worker.start();
    try {
      while (healthy.received.length < 40 && Date.now() - started < HANG_MS + 2_000) await new Promise((r) => setTimeout(r, 20));
      expect(healthy.received).toHaveLength(40);
      // All healthy deliveries landed before the first hanging attempt could have ended.
      expect(Date.now() - started).toBeLessThan(HANG_MS - 1_000);
      expect(hanging.connections()).toBeLessThanOrEqual(4);
    } finally {
      await worker.stop();
    }
  });

  it("delivers a task whose worker died mid-attempt once its lease lapses (at least once)", async () => {
    const runtime = await getRuntime();
    await enqueue([healthy.url("/crash")], "crash-test");
    // A worker claimed it and was killed: lease set, never completed.
    await runtime.db.query(
      `UPDATE queue_tasks SET locked_by = 'dead', locked_until = now() - interval '1 second', attempts = 1
       WHERE kind = 'delivery.send' AND done_at IS NULL AND payload->>'deliveryId' IN
         (SELECT delivery_id::text FROM deliveries WHERE client_id = 'globex' AND source_kind = 'crash-test')`,
    );
    await new Worker(runtime, [DELIVERY_TASK]).drain();
    expect(healthy.received.filter((r) => r.path === "/crash")).toHaveLength(1);
    const { rows } = await runtime.db.query("SELECT status FROM deliveries WHERE client_id = 'globex' AND source_kind = 'crash-test'");
    expect(rows).toEqual([{ status: "Succeeded" }]);
  });
});
