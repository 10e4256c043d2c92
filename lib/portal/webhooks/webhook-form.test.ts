import { describe, expect, it } from "vitest";
import { callbackUrlIssue, headerRowIssues, subscriptionFormSchema, toCreateSubscription } from "@/lib/portal/webhooks/webhook-form";

describe("the custom-headers editor", () => {
  it("puts each API rule on the row and cell it concerns", () => {
    const { rows } = headerRowIssues([
      { name: "X-Erp-Tenant", value: "globex-7" },
      { name: "", value: "x" },
      { name: "Host", value: "evil" },
      { name: "Svc-Signature", value: "x" },
      { name: "bad name", value: "x" },
      { name: "X-Line", value: "a\r\nInjected: 1" },
      { name: "X-Long", value: "v".repeat(501) },
      { name: "x-erp-tenant", value: "again" },
      { name: "Transfer-Encoding", value: "chunked" },
    ]);
    const at = (row: number) => rows.filter((i) => i.row === row).map((i) => `${i.field}: ${i.message}`);
    expect(at(0)).toEqual([]);
    expect(at(1)).toEqual(["name: Enter a header name"]);
    expect(at(2)).toEqual(["name: Host is set by the bank"]);
    expect(at(3)).toEqual(["name: Svc-* headers are set by the bank"]);
    expect(at(4)).toEqual(["name: must be an HTTP header name"]);
    expect(at(5)).toEqual(["value: must be printable ASCII without line breaks"]);
    expect(at(6)).toEqual(["value: must be at most 500 characters"]);
    expect(at(7)).toEqual(["name: duplicate of row 1: header names are case-insensitive"]);
    expect(at(8)).toEqual(["name: Transfer-Encoding is set by the bank"]);
  });

  it("allows ten headers, not eleven", () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `X-H${i}`, value: "v" }));
    expect(headerRowIssues(rows(10))).toEqual({ rows: [], form: null });
    expect(headerRowIssues(rows(11)).form).toBe("at most 10 headers");
  });
});

describe("the subscription form", () => {
  it("checks the URL's shape as the API does, https only in production", () => {
    expect(callbackUrlIssue("127.0.0.1:9/hook", false)).toMatch(/absolute URL/);
    expect(callbackUrlIssue("ftp://127.0.0.1:9/hook", false)).toBe("must use http or https");
    expect(callbackUrlIssue("http://user:pw@127.0.0.1:9/hook", false)).toBe("must not contain credentials");
    expect(callbackUrlIssue("http://127.0.0.1:8080/hook", false)).toBeNull();
    expect(callbackUrlIssue("http://127.0.0.1:9/hook", true)).toBe("must use https");
    const long = `https://127.0.0.1:9/${"a".repeat(2048)}`;
    const parsed = subscriptionFormSchema(false).safeParse({ topic: "Deposits", callbackUrl: long, headers: [] });
    expect(parsed.success).toBe(false);
  });

  it("builds the API's body from the chosen topic and the rows", () => {
    const form = subscriptionFormSchema(false).parse({
      topic: "Deposits",
      callbackUrl: " https://127.0.0.1:9/h ",
      headers: [{ name: "X-Ref", value: "erp-7" }],
    });
    expect(toCreateSubscription(form)).toEqual({ topic: "Deposits", callbackUrl: "https://127.0.0.1:9/h", customHeaders: { "X-Ref": "erp-7" } });
    const returns = subscriptionFormSchema(false).parse({ topic: "PaymentReturned", callbackUrl: "https://127.0.0.1:9/h", headers: [] });
    expect(toCreateSubscription(returns).topic).toBe("PaymentReturned");
    expect(subscriptionFormSchema(false).safeParse({ topic: "Payments", callbackUrl: "https://127.0.0.1:9/h", headers: [] }).success).toBe(false);
    const errors = subscriptionFormSchema(false).safeParse({ topic: "Deposits", callbackUrl: "", headers: [{ name: "Authorization", value: "x" }] });
    expect(errors.error?.issues.map((i) => i.path.join("."))).toEqual(["callbackUrl", "headers.0.name"]);
  });
});
