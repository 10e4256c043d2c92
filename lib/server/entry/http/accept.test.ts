import { describe, it, expect } from "vitest";
import { negotiate } from "@/lib/server/entry/http/accept";

const JSON_CSV = ["application/json", "text/csv"] as const;

describe("negotiate", () => {
  it("gives the first offer when the header is missing", () => {
    expect(negotiate(null, JSON_CSV)).toBe("application/json");
  });

  it("gives the first offer when the header is empty or blank", () => {
    expect(negotiate("", JSON_CSV)).toBe("application/json");
    expect(negotiate("   ", JSON_CSV)).toBe("application/json");
  });

  it("returns null when nothing is offered", () => {
    expect(negotiate("*/*", [])).toBeNull();
    expect(negotiate(null, [])).toBeNull();
  });

  it("gives JSON for application/json", () => {
    expect(negotiate("application/json", JSON_CSV)).toBe("application/json");
  });

  it("gives CSV for text/csv", () => {
    expect(negotiate("text/csv", JSON_CSV)).toBe("text/csv");
  });

  it("lets the higher q win (text/csv;q=0.5, application/json)", () => {
    expect(negotiate("text/csv;q=0.5, application/json", JSON_CSV)).toBe("application/json");
    expect(negotiate("text/csv, application/json;q=0.9", JSON_CSV)).toBe("text/csv");
  });

  it("gives the first offer for */*", () => {
    expect(negotiate("*/*", JSON_CSV)).toBe("application/json");
  });

  it("matches type/* wildcards against the type only (text/*)", () => {
    expect(negotiate("text/*", JSON_CSV)).toBe("text/csv");
    expect(negotiate("application/*", JSON_CSV)).toBe("application/json");
  });

  it("returns null when nothing offered is acceptable (application/xml)", () => {
    expect(negotiate("application/xml", JSON_CSV)).toBeNull();
  });

  it("treats q=0 as not acceptable (text/csv;q=0 with only CSV offered)", () => {
    expect(negotiate("text/csv;q=0", ["text/csv"])).toBeNull();
    expect(negotiate("application/json;q=0.000", JSON_CSV)).toBeNull();
  });

  it("lets a more specific range override a wildcard, even with a lower q", () => {
    expect(negotiate("*/*, application/json;q=0", JSON_CSV)).toBe("text/csv");
    expect(negotiate("text/*;q=1, text/csv;q=0", ["text/csv"])).toBeNull();
  });

  it("breaks q ties by specificity of the matching range, then by offer order", () => {
    expect(negotiate("*/*, text/csv", JSON_CSV)).toBe("text/csv");
    expect(negotiate("text/csv, application/json", JSON_CSV)).toBe("application/json");
    expect(negotiate("text/*, application/json", JSON_CSV)).toBe("application/json");
  });

  it("ignores parameters other than q (text/csv; charset=utf-8)", () => {
    expect(negotiate("text/csv; charset=utf-8", JSON_CSV)).toBe("text/csv");
    expect(negotiate("text/csv; charset=utf-8; q=0.2, application/json; q=0.1", JSON_CSV)).toBe("text/csv");
  });

  it("ignores parameters on the offers when matching and returns the offer unchanged", () => {
    expect(negotiate("text/csv", ["application/json", "text/csv; charset=utf-8"])).toBe("text/csv; charset=utf-8");
  });

  it("matches case-insensitively", () => {
    expect(negotiate("TEXT/CSV", JSON_CSV)).toBe("text/csv");
    expect(negotiate("Application/JSON;Q=0.5, text/csv;q=0.4", JSON_CSV)).toBe("application/json");
  });

  it("gives a 406 (null) for a header with no parseable member", () => {
    expect(negotiate("garbage", JSON_CSV)).toBeNull();
    expect(negotiate(";;;,,,", JSON_CSV)).toBeNull();
    expect(negotiate("text/", JSON_CSV)).toBeNull();
  });

  it("skips malformed members and uses the valid ones", () => {
    expect(negotiate("garbage, text/csv", JSON_CSV)).toBe("text/csv");
    expect(negotiate("text/csv;q=abc, application/json", JSON_CSV)).toBe("application/json");
    expect(negotiate("text/csv;q=2, application/json", JSON_CSV)).toBe("application/json");
    expect(negotiate("*/csv, text/csv;q=0.5", JSON_CSV)).toBe("text/csv");
  });

  it("never throws on hostile input", () => {
    const hostile = ["/", "*/", "a/b/c", "\u0000/\u0000", "text/csv;q=", "text/csv;=;q", "x".repeat(10_000)];
    for (const header of hostile) expect(() => negotiate(header, JSON_CSV)).not.toThrow();
  });

  it("accepts the JDK's bare '*' with a leading-dot q as a full wildcard", () => {
    expect(negotiate("text/html, image/gif, image/jpeg, *; q=.2, */*; q=.2", JSON_CSV)).toBe("application/json");
  });

  it("serves JSON to a browser's default Accept header", () => {
    const browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
    expect(negotiate(browser, JSON_CSV)).toBe("application/json");
  });
});
