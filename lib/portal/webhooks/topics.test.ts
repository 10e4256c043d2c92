import { describe, expect, it } from "vitest";
import { EVENT_TOPICS } from "@/lib/contract/events/schema";
import { noLongerNotifies, TOPIC_OPTIONS } from "@/lib/portal/webhooks/topics";

describe("the subscription form's topics come from the contract's one enum", () => {
  it("offers every topic of EVENT_TOPICS, in its order, each explained in one short line", () => {
    expect(TOPIC_OPTIONS.map((o) => o.topic)).toEqual([...EVENT_TOPICS]);
    for (const option of TOPIC_OPTIONS) {
      expect(option.explanation).toMatch(/^[A-Z][^\n]{10,80}\.$/);
      expect(option.label).not.toBe("");
    }
  });

  it("says what a deactivated subscription stops sending, as the deposits one always did", () => {
    expect(noLongerNotifies("Deposits")).toBe("New deposits no longer notify it.");
    expect(noLongerNotifies("PaymentStatusChanged")).toBe("Payment status changes no longer notify it.");
  });
});
