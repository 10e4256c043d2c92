import { describe, expect, it } from "vitest";
import { ApiRequestError } from "@/lib/portal/shared/api-client";
import { classifySubmitError } from "@/lib/portal/payments/payments-api";

const api = (status: number, code: string) => new ApiRequestError(status, { code, message: code });

describe("submission outcomes", () => {
  it("the same key still in flight is asked again", () => {
    expect(classifySubmitError(api(409, "REQUEST_IN_PROGRESS"), "ACH")).toEqual({ kind: "in-progress" });
  });

  it("a duplicate instruction id is the rail's own code", () => {
    expect(classifySubmitError(api(409, "ACH_LOCAL_DUPLICATE_INSTRUCTION_ID"), "ACH")).toEqual({ kind: "duplicate" });
    expect(classifySubmitError(api(409, "PAYMENT_DUPLICATE_INSTRUCTION_ID"), "SWIFT")).toEqual({ kind: "duplicate" });
    expect(classifySubmitError(api(409, "PAYMENT_DUPLICATE_INSTRUCTION_ID"), "ACH").kind).toBe("rejected");
  });

  it("network failures, 429 and 5xx are retried with the same key", () => {
    expect(classifySubmitError(new TypeError("Failed to fetch"), "ACH").kind).toBe("retry");
    expect(classifySubmitError(api(503, "DEDUPE_LOCK_UNAVAILABLE"), "SWIFT").kind).toBe("retry");
    expect(classifySubmitError(api(500, "INTERNAL_ERROR"), "ACH").kind).toBe("retry");
    expect(classifySubmitError(api(429, "RATE_LIMITED"), "ACH").kind).toBe("retry");
  });

  it("other refusals are final", () => {
    expect(classifySubmitError(api(400, "BANK_REFERENCE_NOT_FOUND"), "ACH").kind).toBe("rejected");
    expect(classifySubmitError(api(403, "FORBIDDEN"), "SWIFT").kind).toBe("rejected");
  });
});
