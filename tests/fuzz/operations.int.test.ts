import fc from "fast-check";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { OPERATIONS } from "@/lib/contract/api/registry";
import type { OperationSpec } from "@/lib/contract/http/operation";
import { call, tokenFor } from "@/tests/api";

/**
 * Every operation of the OpenAPI document (the registry it is built from),
 * driven through its real route with random and hostile values in each body
 * field, query parameter, path parameter and header it reads. The one rule:
 * never a 5xx, and every error answers with the error body. A fixed seed in
 * `npm test`; `npm run fuzz` repeats it with FUZZ_RUNS (default 2000) runs and
 * a fresh seed.
 */

// Read once per process by getConfig(): quotas must not end the run early.
process.env.RATE_LIMIT_MAX = "100000000";

const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);

type RouteModule = Record<string, Parameters<typeof call>[0]>;

function routeFile(operation: OperationSpec): string {
  return path.join(process.cwd(), "app", operation.path.replace(/\{(\w+)\}/g, "[$1]"), "route.ts");
}

type JsonSchema = {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
}

/** Paths to every field a JSON schema names (objects, array items, $refs), so each can be made hostile. */
function fieldPaths(
  schema: JsonSchema | undefined,
  defs: Record<string, JsonSchema>,
  prefix: Array<string | number> = [],
  depth = 0,
): Array<Array<string | number>> {
  if (!schema || depth > 6) return [];
  if (schema.$ref) return fieldPaths(defs[schema.$ref.replace("#/$defs/", "")], defs, prefix, depth + 1);
  const out: Array<Array<string | number>> = [];
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    out.push([...prefix, key], ...fieldPaths(child, defs, [...prefix, key], depth + 1));
  }
  if (schema.items) out.push(...fieldPaths(schema.items, defs, [...prefix, 0], depth + 1));
  for (const alt of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) out.push(...fieldPaths(alt, defs, prefix, depth + 1));
  return out;
}

function propertiesOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const json = jsonSchemaOf(schema);
  return [
    ...new Set(
      fieldPaths(json, json.$defs ?? {})
        .filter((p) => p.length === 1)
        .map((p) => String(p[0])),
    ),
  ];
}

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const hostileText = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.tuple(fc.string(), loneSurrogate, fc.string()).map(([a, s, b]) => a + s + b),
  fc
    .tuple(fc.string(), fc.constantFrom("\u0000", "\u202e", "\u200b", "\r\n", "%ZZ", "%E0%A4%A", "\\", "'", '"', "../", "${x}"), fc.string())
    .map((p) => p.join("")),
  fc.constantFrom("", " ", "0", "-1", "1e309", "NaN", "null", "undefined", "true", "9".repeat(40), "a".repeat(5000), "2026-02-30", "0000-00-00T25:61:61Z"),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.double(),
  fc.integer(),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map((n) => Number(n)),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(hostileText, hostileText, { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
);
/** Header values must be Latin-1 for fetch's Headers; everything else is fair game. */
const headerChar = fc
  .integer({ min: 0x20, max: 0xff })
  .filter((c) => c !== 0x7f)
  .map((c) => String.fromCharCode(c));
const headerText = fc.oneof(
  fc.string({ unit: headerChar, maxLength: 60 }).map((v) => v.trim()),
  fc.constantFrom("", "*/*", "text/csv", "application/json;q=0", "application/xml", "text/*;q=x"),
);

function setAt(target: unknown, where: Array<string | number>, value: unknown): unknown {
  if (where.length === 0) return value;
  const [head, ...rest] = where as [string | number, ...Array<string | number>];
  const copy: unknown =
    typeof target === "object" && target !== null ? (Array.isArray(target) ? [...target] : { ...target }) : typeof head === "number" ? [] : {};
  const base = copy as Record<string | number, unknown>;
  base[head] = setAt(base[head], rest, value);
  return base;
}

function getAt(target: unknown, where: Array<string | number>): unknown {
  return where.reduce<unknown>(
    (node, key) => (typeof node === "object" && node !== null ? (node as Record<string | number, unknown>)[key] : undefined),
    target,
  );
}

let uniqueRun = 0;

/** Text fields of the (valid) example with one character the database cannot store slipped in: passes every other check. */
function tainted(example: unknown, fields: Array<Array<string | number>>): fc.Arbitrary<unknown> | null {
  const textFields = fields.filter((at) => typeof getAt(example, at) === "string" && (getAt(example, at) as string).length > 1);
  if (textFields.length === 0) return null;
  return fc.tuple(fc.constantFrom(...textFields), fc.constantFrom("\ud800", "\udfff", "\u0000"), fc.nat()).map(([at, bad, n]) => {
    const text = getAt(example, at) as string;
    const cut = 1 + (n % (text.length - 1));
    const body = setAt(example, at, text.slice(0, cut) + bad + text.slice(cut));
    // A payment's dedupe refuses a repeated instruction id before the database sees the text: make each run new.
    return at[0] !== "instructionIdentification" && getAt(body, ["instructionIdentification"]) !== undefined
      ? setAt(body, ["instructionIdentification"], `FZ-${(uniqueRun += 1)}-${n % 1000}`)
      : body;
  });
}

function requestFor(operation: OperationSpec) {
  const example = structuredClone(operation.example?.request ?? {});
  const bodySchema = operation.body ? jsonSchemaOf(operation.body) : undefined;
  const fields = fieldPaths(bodySchema, bodySchema?.$defs ?? {});
  const taint = tainted(example, fields);
  const body: fc.Arbitrary<{ raw?: string; value?: unknown }> = operation.body
    ? fc.oneof(
        fc.record({ value: fields.length ? fc.tuple(fc.constantFrom(...fields), hostileValue).map(([at, v]) => setAt(example, at, v)) : hostileValue }),
        fc.record({ value: fc.jsonValue({ maxDepth: 3 }) }),
        ...(taint ? [{ arbitrary: fc.record({ value: taint }), weight: 6 }] : []),
        fc.record({ raw: fc.oneof(fc.string(), fc.constantFrom("{", '{"a":', "[1,", '"\\ud800"', "\u0000")) }),
      )
    : fc.constant({});
  const query = fc.dictionary(fc.constantFrom(...propertiesOf(operation.query), "unknown", "__proto__"), hostileText, { maxKeys: 4 });
  const params = fc.record(Object.fromEntries(propertiesOf(operation.params).map((name) => [name, hostileText])));
  // Mostly well-formed headers, so hostile bodies get past negotiation to the schema and the database.
  const usually = (value: string) => fc.oneof({ arbitrary: fc.constant(value), weight: 4 }, { arbitrary: headerText, weight: 1 });
  const headers = fc.record(
    {
      accept: usually("application/json"),
      "content-type": usually("application/json"),
      "idempotency-key": fc.oneof({ arbitrary: fc.uuid({ version: 4 }), weight: 4 }, { arbitrary: headerText, weight: 1 }),
      "x-correlation-id": headerText,
    },
    { requiredKeys: ["content-type", "accept"] },
  );
  return fc.record({ body, query, params, headers });
}

function isErrorBody(operation: OperationSpec, body: unknown): boolean {
  if (typeof body !== "object" || body === null) return false;
  const b = body as Record<string, unknown>;
  if (operation.errorBody && operation.errorBody.safeParse(b).success) return true;
  return ["error", "message", "code", "field", "details", "correlationId"].every((k) => k in b) && typeof b.message === "string";
}

describe("no input reaches a 5xx (every operation of the OpenAPI document)", () => {
  for (const operation of OPERATIONS) {
    it(`${operation.method} ${operation.path}`, async () => {
      const route = ((await import(/* @vite-ignore */ routeFile(operation))) as RouteModule)[operation.method];
      expect(route, `no ${operation.method} export in ${routeFile(operation)}`).toBeTypeOf("function");
      const token = await tokenFor("acme");
      await fc.assert(
        fc.asyncProperty(requestFor(operation), async ({ body, query, params, headers }) => {
          const search = new URLSearchParams(query as Record<string, string>).toString();
          // The URL is only for the record (the route reads `params`); lone surrogates cannot be percent-encoded.
          const urlPath = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
            encodeURIComponent(((params as Record<string, string>)[name] ?? "x").replace(/\p{Surrogate}/gu, "?")),
          );
          const res = await call(route!, `${urlPath}${search ? `?${search}` : ""}`, {
            method: operation.method,
            token,
            headers: headers as Record<string, string>,
            params: params as Record<string, string>,
            ...(body.raw !== undefined ? { rawBody: body.raw } : body.value !== undefined ? { rawBody: JSON.stringify(body.value) } : {}),
          });
          if (res.status >= 500) throw new Error(`${res.status}: ${res.text.slice(0, 300)}`);
          if (res.status >= 400 && !isErrorBody(operation, res.body)) throw new Error(`${res.status} without the error body: ${res.text.slice(0, 300)}`);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    });
  }
});
