import { describe, expect, it } from "vitest";
import { idlePhase, secondsLeft, WARN_BEFORE_MS } from "@/lib/portal/shared/idle";

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
