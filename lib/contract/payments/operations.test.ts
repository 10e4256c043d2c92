import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/contract/api/openapi";
import { OPERATIONS } from "@/lib/contract/api/registry";
import { ZAchPaymentRequest, ZPaymentResponse, ZSwiftPaymentRequest } from "@/lib/contract/payments/schema";
import { ACH_REQUEST_EXAMPLE, SWIFT_REQUEST_EXAMPLE, SWIFT_RESPONSE_EXAMPLE } from "@/lib/contract/payments/examples";

type Op = { parameters: Array<{ name: string; in: string }>; requestBody?: { content: Record<string, { example?: unknown }> } };

describe("payments in the OpenAPI document", () => {
  const doc = buildOpenApiDocument(OPERATIONS, "http://localhost:3000");
  const paths = doc.paths as Record<string, Record<string, Op>>;

  it("documents Idempotency-Key and Sandbox-Simulate on both payment POSTs, with request examples", () => {
    for (const path of ["/v1/payments/ach-local", "/v1/payments/swift"]) {
      const post = paths[path]!.post!;
      const headers = post.parameters.filter((p) => p.in === "header").map((p) => p.name);
      expect(headers).toEqual(["Idempotency-Key", "Sandbox-Simulate"]);
      expect(post.requestBody!.content["application/json"]!.example).toBeDefined();
    }
  });

  it("has examples that satisfy the schemas they illustrate", () => {
    expect(ZAchPaymentRequest.safeParse(ACH_REQUEST_EXAMPLE).success).toBe(true);
    expect(ZSwiftPaymentRequest.safeParse(SWIFT_REQUEST_EXAMPLE).success).toBe(true);
    expect(ZPaymentResponse.safeParse(SWIFT_RESPONSE_EXAMPLE).success).toBe(true);
  });
});
