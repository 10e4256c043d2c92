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

  it("a returned payment ends in Returned, with the ISO 20022 reason code and its description", () => {
    const steps = paymentTimeline({ status: "Reversed", valueDate: "2026-11-24", returnReason: { code: "AC04", description: "Closed account number" } });
    expect(steps.map((s) => `${s.label}:${s.state}`)).toEqual(["Submitted:done", "Pending:done", "Completed:done", "Returned:failed"]);
    expect(steps.at(-1)?.detail).toBe("Returned by the beneficiary's bank: AC04 Closed account number. The funds and any charge were credited back.");
  });

  it("names the value date while pending", () => {
    expect(paymentTimeline({ status: "Pending", valueDate: "2026-11-24" })[2]?.detail).toContain("Nov 24, 2026"); // the portal's one date style
  });
});
