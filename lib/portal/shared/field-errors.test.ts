import { describe, expect, it } from "vitest";
import { ApiRequestError } from "@/lib/portal/shared/api-client";
import { apiFieldIssues, placeApiErrors, placeApiErrorsOrReport } from "@/lib/portal/shared/field-errors";

const refused = (body: Record<string, unknown>) => new ApiRequestError(400, { code: "VALIDATION_ERROR", message: "Invalid request", ...body });

describe("the API's field errors on form controls", () => {
  it("reads every detail, else the body's field, else nothing", () => {
    const many = refused({
      details: [
        { field: "items[2].accountName", code: "CUSTOM", message: "is required" },
        { field: null, code: "X", message: "whole" },
      ],
    });
    expect(apiFieldIssues(many)).toEqual([
      { field: "items[2].accountName", message: "is required" },
      { field: null, message: "whole" },
    ]);
    expect(apiFieldIssues(refused({ field: "callbackUrl", message: "must be public" }))).toEqual([{ field: "callbackUrl", message: "must be public" }]);
    expect(apiFieldIssues(refused({}))).toEqual([]);
    expect(apiFieldIssues(new TypeError("offline"))).toEqual([]);
  });

  it("puts each on its control (through aliases), focuses the first, and returns the rest", () => {
    const set: Array<[string, string, boolean]> = [];
    const setError = (field: never, error: { message: string }, options?: { shouldFocus: boolean }) =>
      set.push([field as string, error.message, options?.shouldFocus ?? false]);
    const error = refused({
      details: [
        { field: "creditorBank.bankCode", code: "A", message: "unknown bank" },
        { field: "remittanceInformation[0]", code: "B", message: "too long" },
        { field: "nowhere", code: "C", message: "lost" },
      ],
    });
    const unplaced = placeApiErrors(setError, error, (f) => f !== "nowhere", { "remittanceInformation[0]": "remittanceInformation.0" });
    expect(set).toEqual([
      ["creditorBank.bankCode", "unknown bank", true],
      ["remittanceInformation.0", "too long", false],
    ]);
    expect(unplaced).toEqual([{ field: "nowhere", message: "lost" }]);
  });

  it("says the form must speak for itself when a control could not take an issue, or no field was named", () => {
    const setError = () => undefined;
    const onUrl = (f: string) => f === "callbackUrl";
    expect(placeApiErrorsOrReport(setError, refused({ field: "callbackUrl", message: "must be public" }), onUrl)).toBe(false);
    expect(placeApiErrorsOrReport(setError, refused({ field: "elsewhere", message: "no" }), onUrl)).toBe(true);
    expect(placeApiErrorsOrReport(setError, new ApiRequestError(409, { code: "CONFLICT", message: "taken" }), onUrl)).toBe(true);
    expect(placeApiErrorsOrReport(setError, new TypeError("offline"), onUrl)).toBe(true);
  });
});
