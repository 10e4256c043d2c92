import { describe, expect, it } from "vitest";
import { paymentTimeline } from "@/lib/portal/payments/payment-timeline";

const states = (status: "Pending" | "Completed" | "Failed" | "Reversed") =>
  paymentTimeline({ status, valueDate: "2026-11-24" }).map((s) => `${s.label}:${s.state}`);

describe("payment timeline", () => {
  it("follows the lifecycle Pending -> Completed | Failed, Completed -> Reversed", () => {
    expect(states("Pending")).toEqual(["Submitted:done", "Pending:current", "Completed:upcoming"]);
    expect(states("Completed")).toEqual(["Submitted:done", "Pending:done", "Completed:done"]);
    expect(states("Reversed")).toEqual(["Submitted:done", "Pending:done", "Completed:done", "Reversed:failed"]);
    expect(states("Failed")).toEqual(["Submitted:done", "Failed:failed"]);
  });

  it("names the value date while pending", () => {
    expect(paymentTimeline({ status: "Pending", valueDate: "2026-11-24" })[2]?.detail).toContain("Nov 24, 2026"); // the portal's one date style
  });
});
