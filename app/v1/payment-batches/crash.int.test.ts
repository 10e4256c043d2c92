import { describe, expect, it } from "vitest";
import { withTransaction } from "@/lib/server/core/db/transaction";
import { claimTasks } from "@/lib/server/core/jobs/queue-repo";
import { markBatchStarted } from "@/lib/server/domain/payment-runs/repo";
import { processRun, runNextChunk } from "@/lib/server/domain/payment-runs/process";
import { drainWorker } from "@/lib/server/entry/jobs/testing";
import { getRuntime } from "@/lib/server/entry/runtime";
import { ACME_USD, setBalance } from "@/tests/payments";
import { achItem, postRun, runResults, runStatus } from "@/tests/payment-runs";
import { runOps } from "@/tests/ops";

/** Payments made per item of a run (each must be 0 or 1), and how many items made one. */
async function paymentsPerItem(jobId: string): Promise<{ made: number; maxPerItem: number }> {
  const { rows } = await (
    await getRuntime()
  ).db.query<{ made: string; max_per_item: string | null }>(
    `SELECT count(*) AS made, max(n) AS max_per_item FROM (
       SELECT p.instruction_identification, count(*) AS n FROM payments p
       JOIN payment_batch_items i ON i.client_id = p.client_id AND i.batch_id = $1 AND i.end_to_end_id = p.instruction_identification
       WHERE p.client_id = 'acme' GROUP BY 1) x`,
    [jobId],
  );
  return { made: Number(rows[0]!.made), maxPerItem: Number(rows[0]!.max_per_item ?? 0) };
}

const items = (tag: string, n: number) => Array.from({ length: n }, (_, i) => achItem(0, { instructionIdentification: `${tag}-${i}` }));

describe("a run survives its worker dying at any point", () => {
  it("mid-chunk (nothing of the chunk stays), between chunks, and after the last chunk before the task completes", async () => {
    await setBalance(ACME_USD, 10_000_000n);
    const runtime = await getRuntime();
    const { body } = await postRun({ items: items("CR", 250) });
    const jobId = body.jobId;
    const options = { chunkSize: 100, lockTimeoutMs: 2000 };
    const [task] = await claimTasks(runtime.db, "doomed-worker", ["payment-runs.run"], 1, 30);
    expect(task?.payload).toEqual({ batchId: jobId });
    await markBatchStarted(runtime.db, "acme", jobId);
    await withTransaction(runtime.db, (tx) => runNextChunk(tx, "acme", jobId, options));
    // Killed while the second chunk's payments were written but before COMMIT: none of them stays.
    await expect(
      withTransaction(runtime.db, async (tx) => {
        await runNextChunk(tx, "acme", jobId, options);
        throw new Error("process killed mid-chunk");
      }),
    ).rejects.toThrow("killed");
    expect((await runStatus(jobId)).body).toMatchObject({ status: "Processing", processedItems: 100, succeededItems: 100 });
    expect(await paymentsPerItem(jobId)).toEqual({ made: 100, maxPerItem: 1 });

    // The dead worker's lease holds: nothing runs; once it lapses another worker resumes after the committed chunk.
    expect(await drainWorker()).toBe(0);
    await runtime.db.query("UPDATE queue_tasks SET locked_until = now() - interval '1 second' WHERE task_id = $1", [task!.task_id]);
    expect(await drainWorker()).toBe(1);
    expect((await runStatus(jobId)).body).toMatchObject({ status: "Completed", processedItems: 250, succeededItems: 250 });
    expect(await paymentsPerItem(jobId)).toEqual({ made: 250, maxPerItem: 1 });
    // The run finished but its worker died before completing the task: running it again makes nothing.
    await processRun(runtime, "acme", jobId, 100);
    expect(await paymentsPerItem(jobId)).toEqual({ made: 250, maxPerItem: 1 });
    expect((await runResults(jobId)).body.data.map((r) => r.index)).toEqual(Array.from({ length: 250 }, (_, i) => i));
    expect((await runOps(["ledger", "verify", "--json"])).code).toBe(0);
  });

  it("stays exactly-once when workers run the same run at the same time, and completes once", async () => {
    const runtime = await getRuntime();
    const { body } = await postRun({ items: items("CC", 300) });
    await Promise.all([processRun(runtime, "acme", body.jobId, 40), processRun(runtime, "acme", body.jobId, 70), processRun(runtime, "acme", body.jobId, 100)]);
    expect((await runStatus(body.jobId)).body).toMatchObject({ status: "Completed", processedItems: 300, succeededItems: 300 });
    expect(await paymentsPerItem(body.jobId)).toEqual({ made: 300, maxPerItem: 1 });
    const { rows } = await runtime.db.query("SELECT 1 FROM audit_log WHERE client_id = 'acme' AND action = 'payment_batch.completed' AND entity_id = $1", [
      body.jobId,
    ]);
    expect(rows).toHaveLength(1);
    const events = await runtime.db.query<{ data: Record<string, unknown> }>(
      "SELECT data FROM events WHERE client_id = 'acme' AND topic = 'JobCompleted' AND data->>'jobId' = $1",
      [body.jobId],
    );
    expect(events.rows.map((e) => e.data)).toEqual([
      expect.objectContaining({ kind: "PaymentBatch", status: "Completed", totalItems: 300, succeededItems: 300 }),
    ]);
    await drainWorker();
  });
});
