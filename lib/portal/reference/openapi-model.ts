/**
 * Reads the API's OpenAPI 3.1 document (built from the operation registry)
 * into what the reference page renders: operations grouped by tag, named
 * schemas, and the error codes with their HTTP status. Browser-safe.
 */

import type { TJsonSchema, TOpenApiDocument } from "@/lib/contract/api/openapi-document";

/** The document's JSON Schemas, as the contract describes them (lib/contract/api/openapi-document.ts). */
export type JsonSchema = TJsonSchema;
/** The document as its operation's response schema reads it (ZOpenApiDocument). */
export type OpenApiDocument = TOpenApiDocument;

type RawOperation = NonNullable<OpenApiDocument["paths"]>[string][string];
type RawParameter = NonNullable<RawOperation["parameters"]>[number];
type RawMedia = NonNullable<NonNullable<RawOperation["requestBody"]>["content"]>;

export type ApiResponseInfo = { status: string; description: string; mediaTypes: string[]; schema: JsonSchema | null };
export type ApiOperation = {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string | null;
  permissions: string[];
  authenticated: boolean;
  parameters: RawParameter[];
  requestBody: { mediaTypes: string[]; schema: JsonSchema | null } | null;
  responses: ApiResponseInfo[];
};
export type ApiTagGroup = { tag: string; operations: ApiOperation[] };
export type ErrorCodeInfo = { code: string; status: number; reason: string };

const METHODS = ["get", "post", "put", "patch", "delete"];

export function refName(ref: string): string {
  return ref.replace("#/components/schemas/", "");
}

function firstSchema(content: RawMedia | undefined): JsonSchema | null {
  if (!content) return null;
  return content["application/json"]?.schema ?? Object.values(content)[0]?.schema ?? null;
}

export function groupOperations(doc: OpenApiDocument): ApiTagGroup[] {
  const groups = new Map<string, ApiOperation[]>((doc.tags ?? []).map((t) => [t.name, []]));
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? "Other";
      const operation: ApiOperation = {
        id: op.operationId ?? `${method}-${path}`,
        method: method.toUpperCase(),
        path,
        summary: op.summary ?? "",
        description: op.description ?? null,
        permissions: op["x-permissions"] ?? [],
        authenticated: (op.security ?? []).length > 0,
        parameters: op.parameters ?? [],
        requestBody: op.requestBody ? { mediaTypes: Object.keys(op.requestBody.content ?? {}), schema: firstSchema(op.requestBody.content) } : null,
        responses: Object.entries(op.responses ?? {}).map(([status, r]) => ({
          status,
          description: r.description ?? "",
          mediaTypes: Object.keys(r.content ?? {}),
          schema: firstSchema(r.content),
        })),
      };
      groups.set(tag, [...(groups.get(tag) ?? []), operation]);
    }
  }
  return [...groups.entries()].filter(([, ops]) => ops.length > 0).map(([tag, operations]) => ({ tag, operations }));
}

/** Error responses are described as `Reason: CODE_A, CODE_B`; each code is listed once, with its status. */
export function errorCodes(doc: OpenApiDocument): ErrorCodeInfo[] {
  const found = new Map<string, ErrorCodeInfo>();
  for (const group of groupOperations(doc)) {
    for (const op of group.operations) {
      for (const r of op.responses) {
        const status = Number(r.status);
        const match = /^([^:]+):\s*(.+)$/.exec(r.description);
        if (status < 400 || !match) continue;
        for (const code of match[2]!.split(",").map((c) => c.trim())) {
          if (/^[A-Z][A-Z0-9_]+$/.test(code)) found.set(code, { code, status, reason: match[1]!.trim() });
        }
      }
    }
  }
  return [...found.values()].sort((a, b) => a.status - b.status || a.code.localeCompare(b.code));
}

/** A short type label: `string`, `integer ≥ 1`, `Money`, `array of Owner`, `"Active" | "INACTIVE"`. */
export function typeLabel(schema: JsonSchema | undefined): string {
  if (!schema) return "any";
  if (schema.$ref) return refName(schema.$ref);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map(typeLabel).join(" | ");
  if (schema.type === "array") return `array of ${typeLabel(schema.items)}`;
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type ?? "object");
  const bounds = [
    schema.minimum !== undefined ? `≥ ${schema.minimum}` : null,
    schema.maximum !== undefined ? `≤ ${schema.maximum}` : null,
    schema.maxLength !== undefined ? `max ${schema.maxLength} chars` : null,
  ].filter(Boolean);
  return bounds.length ? `${type} (${bounds.join(", ")})` : type;
}

/** An example value built from the schema's own examples, for the response samples. */
export function exampleOf(schema: JsonSchema | undefined, schemas: Record<string, JsonSchema>, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if (schema.$ref) return exampleOf(schemas[refName(schema.$ref)], schemas, depth + 1);
  if (schema.example !== undefined) return schema.example;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.enum?.length) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return exampleOf(union.find((s) => s.type !== "null") ?? union[0], schemas, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object":
    case undefined:
      if (!schema.properties) return {};
      return Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, exampleOf(v, schemas, depth + 1)]));
    case "array":
      return [exampleOf(schema.items, schemas, depth + 1)];
    case "string":
      return schema.format === "date-time" ? "2026-03-14T09:30:00-04:00" : "string";
    case "integer":
    case "number":
      // zod's int() puts the safe-integer range in minimum/maximum: only a positive minimum is a useful example.
      return schema.minimum !== undefined && schema.minimum > 0 ? schema.minimum : 1;
    case "boolean":
      return true;
    default:
      return null;
  }
}
