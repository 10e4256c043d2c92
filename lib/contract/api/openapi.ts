import { z } from "zod";
import { IDEMPOTENCY_HEADER, requiredPermissions, type OperationSpec } from "@/lib/contract/http/operation";
import { ERROR_CODES, REASON_PHRASES, type ErrorCode } from "@/lib/contract/http/errors";
import { ZErrorBody } from "@/lib/contract/api/schemas";
import { EVENT_TOPICS, notificationSchemaOf } from "@/lib/contract/events/schema";

type JsonSchema = Record<string, unknown>;
type Components = Record<string, JsonSchema>;

const REF_PREFIX = "#/components/schemas/";

/**
 * zod emits named schemas (those with `.meta({ id })`) under `$defs`; the
 * document keeps them once under components and points at them from there.
 */
function toSchema(schema: z.ZodType, io: "input" | "output", components: Components): JsonSchema {
  const json = z.toJSONSchema(schema, { io, target: "draft-2020-12", unrepresentable: "any" }) as JsonSchema;
  const rewritten = JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', `"${REF_PREFIX}`)) as JsonSchema;
  const defs = (rewritten.$defs ?? {}) as Components;
  for (const [name, def] of Object.entries(defs)) components[name] ??= def;
  delete rewritten.$defs;
  delete rewritten.$schema;
  return rewritten;
}

function parametersOf(schema: z.ZodType | undefined, location: "path" | "query", components: Components) {
  if (!schema) return [];
  const json = toSchema(schema, "input", components);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === "path" || required.has(name),
    schema: property,
    ...(property.description ? { description: property.description } : {}),
  }));
}

/** Errors every operation of a kind can give, beside its own. */
function pipelineErrors(operation: OperationSpec): ErrorCode[] {
  const codes: ErrorCode[] = ["INTERNAL_ERROR", "NOT_ACCEPTABLE"];
  if (operation.body) codes.push("PAYLOAD_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE", "VALIDATION_ERROR");
  if (operation.params || operation.query) codes.push("VALIDATION_ERROR");
  if (operation.access !== "public") codes.push("UNAUTHORIZED", "FORBIDDEN", "IP_NOT_ALLOWED", "RATE_LIMITED");
  if (operation.idempotency) codes.push("INVALID_IDEMPOTENCY_KEY", "REQUEST_IN_PROGRESS");
  return codes;
}

/** The pipeline's Idempotency-Key step (lib/server/entry/http/idempotency.ts), documented once for every operation that has it. */
const IDEMPOTENCY_KEY_PARAMETER = {
  name: IDEMPOTENCY_HEADER,
  in: "header",
  required: false,
  description:
    "Optional UUID. The first 2xx response is stored for IDEMPOTENCY_TTL_S (default 1 h) per client, method and path, and a " +
    "retry with the key gets it back with `Idempotent-Replayed: true` (even if the body differs) instead of acting twice. " +
    "A request whose first use is still in flight gets 409 REQUEST_IN_PROGRESS; a non-2xx answer is not stored.",
  schema: { type: "string", format: "uuid" },
};

function responsesOf(operation: OperationSpec, components: Components) {
  const successSchema = toSchema(operation.response, "output", components);
  const responseExample = operation.example?.response;
  const content: Record<string, unknown> = {
    "application/json": { schema: successSchema, ...(responseExample !== undefined ? { example: responseExample } : {}) },
  };
  if (operation.csv) {
    content["text/csv"] = { schema: { type: "string", description: "One header row and one data row (decisions §4)" } };
  }
  for (const type of operation.accepts ?? []) content[type] = { schema: { type: "string", description: "The document, by Accept" } };
  if (operation.files) {
    for (const key of Object.keys(content)) delete content[key];
    for (const type of operation.files) content[type] = { schema: { type: "string", description: "The file, streamed" } };
  }
  const responses: Record<string, unknown> = {
    [String(operation.status ?? 200)]: { description: "Success", content },
  };
  const byStatus = new Map<number, Set<ErrorCode>>();
  for (const code of [...pipelineErrors(operation), ...operation.errors]) {
    const status = ERROR_CODES[code];
    if (!byStatus.has(status)) byStatus.set(status, new Set());
    byStatus.get(status)!.add(code);
  }
  const errorSchema = operation.errorBody ? toSchema(operation.errorBody, "output", components) : { $ref: `${REF_PREFIX}Error` };
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: `${REASON_PHRASES[status] ?? "Error"}: ${[...codes].join(", ")}`,
      content: { "application/json": { schema: errorSchema } },
    };
  }
  return responses;
}

/** What each subscription topic POSTs to its callbackUrl (OpenAPI 3.1 webhooks; signed as decisions §7, docs/webhooks.md). */
function webhooksOf(components: Components) {
  const entries = EVENT_TOPICS.map((topic) => [
    topic,
    {
      post: {
        summary: `A ${topic} notification`,
        requestBody: { required: true, content: { "application/json": { schema: toSchema(notificationSchemaOf(topic), "output", components) } } },
        responses: { "200": { description: "Any 2xx within 10 s acknowledges it; otherwise it is retried (decisions §7)" } },
      },
    },
  ]);
  return Object.fromEntries(entries);
}

export function buildOpenApiDocument(operations: readonly OperationSpec[], serverUrl: string) {
  const components: Components = {};
  toSchema(ZErrorBody, "output", components);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    const permissions = requiredPermissions(operation.access);
    const headers = (operation.headers ?? []).map((h) => ({
      name: h.name,
      in: "header",
      required: h.required ?? false,
      description: h.description,
      schema: { type: "string" },
    }));
    paths[operation.path] ??= {};
    paths[operation.path]![operation.method.toLowerCase()] = {
      operationId: operation.id,
      tags: [operation.tag],
      summary: operation.summary,
      ...(operation.description ? { description: operation.description } : {}),
      ...(permissions ? { "x-permissions": permissions } : {}),
      security: operation.access === "public" ? [] : [{ bearerAuth: [] }],
      parameters: [
        ...parametersOf(operation.params, "path", components),
        ...parametersOf(operation.query, "query", components),
        ...(operation.idempotency ? [IDEMPOTENCY_KEY_PARAMETER] : []),
        ...headers,
      ],
      ...(operation.body
        ? {
            requestBody: {
              required: true,
              content: {
                "application/json": {
                  schema: toSchema(operation.body, "input", components),
                  ...(operation.example?.request !== undefined ? { example: operation.example.request } : {}),
                },
                ...(operation.bodyEncoding === "form"
                  ? { "application/x-www-form-urlencoded": { schema: toSchema(operation.body, "input", components) } }
                  : {}),
                ...Object.fromEntries(
                  (operation.uploads ?? []).map((u) => [u.type, { schema: { type: "string", description: `${u.description}; at most ${u.maxBytes} bytes` } }]),
                ),
              },
            },
          }
        : {}),
      responses: responsesOf(operation, components),
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Harbour Open Banking API",
      version: "v1",
      description:
        "Accounts, ACH and SWIFT payments, virtual accounts, deposit webhooks and system time. " +
        "Errors share one body: {error, message, code, field, details, correlationId}.",
    },
    servers: [{ url: serverUrl }],
    tags: [...new Set(operations.map((o) => o.tag))].map((name) => ({ name })),
    paths,
    webhooks: webhooksOf(components),
    components: {
      schemas: components,
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "An access token from POST /v1/oauth/token; permission claims in its `scope`.",
        },
        clientCredentials: {
          type: "oauth2",
          flows: { clientCredentials: { tokenUrl: "/v1/oauth/token", scopes: {} } },
        },
      },
    },
  };
}
