import { describe, expect, it } from "vitest";
import { OriginGate } from "@/lib/server/delivery/origin-gate";

describe("OriginGate", () => {
  it("lets a healthy receiver use 4 slots and queues the 5th until one frees", async () => {
    const gate = new OriginGate();
    const releases = await Promise.all([1, 2, 3, 4].map(() => gate.acquire("http://a")));
    expect(releases.every((r) => r !== null)).toBe(true);
    const fifth = gate.acquire("http://a");
    const other = await gate.acquire("http://b");
    expect(other).not.toBeNull();
    releases[0]!();
    expect(await fifth).not.toBeNull();
  });

  it("marks a receiver slow once an attempt overruns 0.5 s, then defers beyond 2 in flight", async () => {
    const gate = new OriginGate();
    const first = await gate.acquire("http://slow");
    await gate.acquire("http://slow");
    await new Promise((r) => setTimeout(r, 600));
    expect(gate.isSlow("http://slow")).toBe(true);
    expect(await gate.acquire("http://slow")).toBeNull();
    first!();
    expect(await gate.acquire("http://slow")).not.toBeNull(); // back to 2 in flight
    expect(await gate.acquire("http://slow")).toBeNull();
  });

  it("spreads deferrals wider as a slow receiver's backlog grows, within 5 s .. 10 min", () => {
    const gate = new OriginGate();
    const delays = [...Array(300)].map(() => gate.deferDelayMs("http://slow", () => 1));
    expect(delays[0]).toBe(10_000);
    expect(delays[9]).toBe(55_000);
    expect(delays.at(-1)).toBe(605_000);
    expect(new OriginGate().deferDelayMs("http://x", () => 0)).toBe(5_000);
  });
});
