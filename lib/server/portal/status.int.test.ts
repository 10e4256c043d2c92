import { describe, expect, it } from "vitest";
import { collectSystemStatus } from "@/lib/server/portal/status";
import { getRuntime } from "@/lib/server/runtime";

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
