import { describe, expect, it } from "vitest";
import { ZAccountSummary } from "@/lib/contract/accounts/schema";
import { buildOpenApiDocument } from "@/lib/contract/api/openapi";
import { OPERATIONS } from "@/lib/contract/api/registry";
import { errorCodes, exampleOf, groupOperations, typeLabel, type OpenApiDocument } from "@/lib/portal/reference/openapi-model";

const doc = JSON.parse(JSON.stringify(buildOpenApiDocument(OPERATIONS, "http://localhost"))) as OpenApiDocument;

describe("the API reference model", () => {
  it("groups every registered operation under its tag", () => {
    const groups = groupOperations(doc);
    const ids = groups.flatMap((g) => g.operations.map((o) => o.id));
    expect(new Set(ids)).toEqual(new Set(OPERATIONS.map((o) => o.id)));
    const accounts = groups.find((g) => g.tag === "Accounts")!;
    const list = accounts.operations.find((o) => o.id === "listAccounts")!;
    expect(list).toMatchObject({ method: "GET", path: "/v1/accounts", permissions: ["get-all-accounts"], authenticated: true });
    expect(list.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(["pageStart", "pageSize", "pageToken"]));
  });

  it("lists error codes once each, with their status", () => {
    const codes = errorCodes(doc);
    expect(codes).toContainEqual({ code: "NO_ACCOUNTS", status: 404, reason: "Not Found" });
    expect(codes).toContainEqual({ code: "RATE_LIMITED", status: 429, reason: "Too Many Requests" });
    expect(new Set(codes.map((c) => c.code)).size).toBe(codes.length);
  });

  it("labels types and builds examples from the schemas' own examples", () => {
    const schemas = doc.components?.schemas ?? {};
    expect(typeLabel({ type: "array", items: { $ref: "#/components/schemas/Money" } })).toBe("array of Money");
    const example = exampleOf({ $ref: "#/components/schemas/AccountSummary" }, schemas) as Record<string, unknown>;
    expect(Object.keys(example)).toEqual(Object.keys(ZAccountSummary.shape));
    expect(example.availableBalance).toEqual({ currency: "USD", amount: "1250.00" });
  });
});
