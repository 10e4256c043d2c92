import { describe, expect, it } from "vitest";
import { Worker } from "@/lib/server/core/jobs/worker";
import { getRuntime } from "@/lib/server/entry/runtime";

describe("periodic housekeeping", () => {
  it("runs on one instance at a time: a second worker skips the job while the first holds its lock", async () => {
    const runtime = await getRuntime();
    let runs = 0;
    let concurrent = 0;
    let maxConcurrent = 0;
    const job = {
      name: "t.housekeeping",
      lockId: 7_279_999,
      everyMs: 60_000,
      run: async () => {
        runs++;
        maxConcurrent = Math.max(maxConcurrent, ++concurrent);
        await new Promise((r) => setTimeout(r, 300));
        concurrent--;
      },
    };
    const instances = [1, 2, 3].map(() => new Worker(runtime, [], [job]));
    await Promise.all(instances.map((w) => w.runPeriodicJobs(true)));
    expect([runs, maxConcurrent]).toEqual([1, 1]);
    // Once released, the next due run takes it again.
    await instances[1]!.runPeriodicJobs(true);
    expect(runs).toBe(2);
  });
});
