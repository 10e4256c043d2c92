import { describe, expect, it } from "vitest";
import { ApiError, errorBody, ProtocolError } from "@/lib/contract/http/errors";

describe("error classes", () => {
  it("recognise instances made by another bundled copy of the class (same global brand)", () => {
    const foreign = Object.assign(new Error("x"), { [Symbol.for("harbour.ApiError")]: true, code: "NOT_FOUND" });
    expect(foreign instanceof ApiError).toBe(true);
    expect(new Error("plain") instanceof ApiError).toBe(false);
    expect(new ApiError("NOT_FOUND", "gone") instanceof ApiError).toBe(true);
    expect(new ProtocolError(400, { error: "invalid_request" }) instanceof ProtocolError).toBe(true);
    expect(new ApiError("NOT_FOUND", "gone") instanceof ProtocolError).toBe(false);
  });

  it("keep subclass checks on the prototype", () => {
    class OtherProtocolError extends ProtocolError {}
    expect(new ProtocolError(400, {}) instanceof OtherProtocolError).toBe(false);
    expect(new OtherProtocolError(400, {}) instanceof ProtocolError).toBe(true);
  });

  it("render the decisions §3 body with the reason phrase and extra members", () => {
    const error = new ApiError("RATE_LIMITED", "slow down", { extra: { retry_after: "5 minutes" } });
    expect(errorBody(error, "c-1")).toEqual({
      error: "Too Many Requests",
      message: "slow down",
      code: "RATE_LIMITED",
      field: null,
      details: null,
      correlationId: "c-1",
      retry_after: "5 minutes",
    });
  });
});
