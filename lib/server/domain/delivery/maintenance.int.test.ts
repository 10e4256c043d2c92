import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { purgeFinishedDeliveries } from "@/lib/server/domain/delivery/repo";
import { getRuntime } from "@/lib/server/entry/runtime";

async function delivery(status: "Pending" | "Succeeded" | "Failed", completedDaysAgo: number | null): Promise<string> {
  const { db } = await getRuntime();
  const id = randomUUID();
  await db.query(
    `INSERT INTO deliveries (client_id, delivery_id, source_kind, source_id, url, body, status, completed_at)
     VALUES ('acme', $1, 'subscription', 'test', 'http://127.0.0.1:9/hook', '{}', $2,
             CASE WHEN $3::int IS NULL THEN NULL ELSE now() - make_interval(days => $3::int) END)`,
    [id, status, completedDaysAgo],
  );
  await db.query(
    `INSERT INTO delivery_attempts (client_id, delivery_id, attempt_no, attempted_at, status_code, latency_ms, succeeded)
     VALUES ('acme', $1, 1, now(), 200, 5, true)`,
    [id],
  );
  return id;
}

async function exists(id: string): Promise<boolean> {
  const { db } = await getRuntime();
  const { rowCount } = await db.query("SELECT 1 FROM deliveries WHERE client_id = 'acme' AND delivery_id = $1", [id]);
  return rowCount === 1;
}

describe("delivery retention", () => {
  it("purges finished deliveries past the retention with their attempts, and never a pending one", async () => {
    const oldSucceeded = await delivery("Succeeded", 31);
    const oldFailed = await delivery("Failed", 40);
    const recent = await delivery("Succeeded", 2);
    const pending = await delivery("Pending", null);
    expect(await purgeFinishedDeliveries((await getRuntime()).db, 30)).toBe(2);
    expect([await exists(oldSucceeded), await exists(oldFailed), await exists(recent), await exists(pending)]).toEqual([false, false, true, true]);
    const { rows } = await (
      await getRuntime()
    ).db.query<{ n: string }>("SELECT count(*)::text AS n FROM delivery_attempts WHERE delivery_id = ANY ($1::uuid[])", [[oldSucceeded, oldFailed]]);
    expect(rows[0]!.n).toBe("0");
  });
});
