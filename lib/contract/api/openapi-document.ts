import { z } from "zod";

/**
 * The parts of this API's OpenAPI 3.1 document that a reader relies on (the portal's API reference page reads it
 * with this schema). Loose objects: every other keyword of the document passes through untouched.
 */

type JsonSchemaNode = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchemaNode>;
  required?: string[];
  items?: JsonSchemaNode;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchemaNode[];
  oneOf?: JsonSchemaNode[];
  allOf?: JsonSchemaNode[];
  description?: string;
  example?: unknown;
  examples?: unknown[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
  additionalProperties?: boolean | JsonSchemaNode;
};

/** A JSON Schema (2020-12) as the document's components and media types hold them. */
export const ZJsonSchema: z.ZodType<JsonSchemaNode> = z
  .lazy(() =>
    z.looseObject({
      $ref: z.string().optional(),
      type: z.union([z.string(), z.array(z.string())]).optional(),
      properties: z.record(z.string(), ZJsonSchema).optional(),
      required: z.array(z.string()).optional(),
      items: ZJsonSchema.optional(),
      enum: z.array(z.unknown()).optional(),
      const: z.unknown().optional(),
      anyOf: z.array(ZJsonSchema).optional(),
      oneOf: z.array(ZJsonSchema).optional(),
      allOf: z.array(ZJsonSchema).optional(),
      description: z.string().optional(),
      example: z.unknown().optional(),
      examples: z.array(z.unknown()).optional(),
      format: z.string().optional(),
      pattern: z.string().optional(),
      minimum: z.number().optional(),
      maximum: z.number().optional(),
      minLength: z.number().optional(),
      maxLength: z.number().optional(),
      default: z.unknown().optional(),
      additionalProperties: z.union([z.boolean(), ZJsonSchema]).optional(),
    }),
  )
  .meta({ id: "JsonSchema", description: "A JSON Schema 2020-12 (the keywords the reference page reads; others pass through)" });

const ZMedia = z.record(z.string(), z.looseObject({ schema: ZJsonSchema.optional() }));

const ZDocumentOperation = z.looseObject({
  operationId: z.string().optional(),
  tags: z.array(z.string()).optional(),
  summary: z.string().optional(),
  description: z.string().optional(),
  "x-permissions": z.array(z.string()).optional(),
  security: z.array(z.unknown()).optional(),
  parameters: z
    .array(
      z.looseObject({
        name: z.string(),
        in: z.string(),
        required: z.boolean().optional(),
        description: z.string().optional(),
        schema: ZJsonSchema.optional(),
      }),
    )
    .optional(),
  requestBody: z.looseObject({ content: ZMedia.optional() }).optional(),
  responses: z.record(z.string(), z.looseObject({ description: z.string().optional(), content: ZMedia.optional() })).optional(),
});

export const ZOpenApiDocument = z
  .looseObject({
    openapi: z.string(),
    info: z.looseObject({ title: z.string().optional(), version: z.string().optional(), description: z.string().optional() }).optional(),
    servers: z.array(z.looseObject({ url: z.string() })).optional(),
    tags: z.array(z.looseObject({ name: z.string() })).optional(),
    // This document's path items hold their methods only (no path-level parameters).
    paths: z.record(z.string(), z.record(z.string(), ZDocumentOperation)).optional(),
    components: z.looseObject({ schemas: z.record(z.string(), ZJsonSchema).optional() }).optional(),
  })
  .meta({ id: "OpenApiDocument" });

export type TJsonSchema = JsonSchemaNode;
export type TOpenApiDocument = z.output<typeof ZOpenApiDocument>;
