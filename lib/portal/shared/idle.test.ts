import { afterEach, describe, expect, it, vi } from "vitest";
import { idlePhase, reportActivity, secondsLeft, WARN_BEFORE_MS } from "@/lib/portal/shared/idle";

describe("idle timeout phases (a warning a minute before, then signed out)", () => {
  const deadline = 1_000_000;
  it("is active until a minute before the deadline", () => {
    expect(idlePhase(deadline, deadline - WARN_BEFORE_MS - 1)).toBe("active");
  });
  it("warns from a minute before", () => {
    expect(idlePhase(deadline, deadline - WARN_BEFORE_MS)).toBe("warning");
    expect(idlePhase(deadline, deadline - 1)).toBe("warning");
  });
  it("expires at the deadline", () => {
    expect(idlePhase(deadline, deadline)).toBe("expired");
  });
  it("counts whole seconds down, never below zero", () => {
    expect(secondsLeft(deadline, deadline - 59_001)).toBe(60);
    expect(secondsLeft(deadline, deadline + 5)).toBe(0);
  });
});

describe("reporting activity", () => {
  afterEach(() => vi.unstubAllGlobals());
  it("counts the server's remaining time from when the report left, however late the answer is read", async () => {
    let clock = 1_000_000;
    vi.stubGlobal("fetch", async () => {
      // A busy page reads the answer two minutes after it sent the report.
      clock += 120_000;
      return new Response(JSON.stringify({ remainingSeconds: 900, idleSeconds: 1800 }), { status: 200, headers: { "content-type": "application/json" } });
    });
    expect(await reportActivity(() => clock)).toBe(1_000_000 + 900_000);
  });
  it("says the session is over on a 401", async () => {
    vi.stubGlobal("fetch", async () => new Response(null, { status: 401 }));
    expect(await reportActivity(() => 0)).toBeNull();
  });
});
