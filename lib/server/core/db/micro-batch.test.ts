import { describe, expect, it } from "vitest";
import { microBatch } from "@/lib/server/core/db/micro-batch";

/** A run whose completion the test controls; it records the batches it was given. */
function controlledRun() {
  const batches: number[][] = [];
  const gates: Array<(fail?: Error) => void> = [];
  const run = (items: number[]) => {
    batches.push(items);
    return new Promise<number[]>((resolve, reject) => gates.push((fail) => (fail ? reject(fail) : resolve(items.map((n) => n * 10)))));
  };
  return { batches, gates, run };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("microBatch", () => {
  it("runs each call at once and alone while fewer than maxInFlight are running", async () => {
    const { batches, gates, run } = controlledRun();
    const submit = microBatch(run, { maxInFlight: 2, maxBatch: 10 });
    const a = submit(1);
    const b = submit(2);
    expect(batches).toEqual([[1], [2]]);
    gates.forEach((open) => open());
    expect(await Promise.all([a, b])).toEqual([10, 20]);
  });

  it("groups the calls that wait into the next run, up to maxBatch, answering each its own result", async () => {
    const { batches, gates, run } = controlledRun();
    const submit = microBatch(run, { maxInFlight: 1, maxBatch: 3 });
    const results = [1, 2, 3, 4, 5, 6].map((n) => submit(n));
    expect(batches).toEqual([[1]]);
    gates[0]!();
    await tick();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    gates[1]!();
    await tick();
    expect(batches).toEqual([[1], [2, 3, 4], [5, 6]]);
    gates[2]!();
    expect(await Promise.all(results)).toEqual([10, 20, 30, 40, 50, 60]);
  });

  it("fails every item of a failed run, and only those", async () => {
    const { gates, run } = controlledRun();
    const submit = microBatch(run, { maxInFlight: 1, maxBatch: 5 });
    const first = submit(1);
    const second = [submit(2), submit(3)];
    gates[0]!(new Error("connection lost"));
    await expect(first).rejects.toThrow("connection lost");
    await tick();
    gates[1]!();
    expect(await Promise.all(second)).toEqual([20, 30]);
  });
});
