import type { z } from "zod";
import type { Permission } from "@/lib/contract/auth/permissions";
import type { ErrorCode } from "@/lib/contract/http/errors";

export type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE" | "PUT";

/**
 * Who may call an operation: a permission claim (any of a list), any valid
 * token, or anyone.
 */
export type Access = { permission: Permission | readonly Permission[] } | "authenticated" | "public";

/**
 * One API operation as the spec states it. The same object drives the
 * handler wrapper (what to parse and enforce) and the OpenAPI document, so
 * the two cannot drift apart.
 */
export type OperationSpec = {
  id: string;
  method: HttpMethod;
  /** OpenAPI-style path, e.g. `/v1/accounts/{accountNumber}`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** `form` also accepts application/x-www-form-urlencoded (the OAuth token endpoint). */
  bodyEncoding?: "json" | "form";
  /** The JSON body's size limit in bytes (413 past it); 1 MiB unless stated (decisions §3). */
  bodyLimit?: number;
  /**
   * Request media types besides JSON that the handler reads itself, streamed from the request (a payment run's CSV or
   * pain.001): the pipeline neither buffers nor parses them, and `body` is undefined for them. Each with its size limit.
   */
  uploads?: readonly { type: string; maxBytes: number; description: string }[];
  response: z.ZodType;
  /** Success status; 200 unless stated. */
  status?: number;
  /** Whether `Accept: text/csv` is offered (decisions §4). */
  csv: boolean;
  /** The media types of a file response (the handler returns a StreamedFile), for the document. */
  files?: readonly string[];
  /**
   * Response media types besides JSON and CSV chosen by `Accept` (e.g. a pain.002 as application/xml): the handler
   * reads the negotiated type from `mediaType` and answers a StreamedFile for them.
   */
  accepts?: readonly string[];
  /** Error codes the operation can answer with, beyond the pipeline's own. */
  errors: readonly ErrorCode[];
  /** The error body when another protocol dictates it (RFC 6749 on the token endpoint). */
  errorBody?: z.ZodType;
  /** Request headers the operation reads, for the document. */
  headers?: readonly { name: string; description: string; required?: boolean }[];
  example?: { response?: unknown; request?: unknown };
  /**
   * `optional`: an `Idempotency-Key` header (UUID) makes retries replay the
   * first 2xx response (spec §4.3; lib/server/entry/http/idempotency.ts).
   */
  idempotency?: "optional";
};

export function defineOperation<const O extends OperationSpec>(operation: O): O {
  return operation;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export type OperationInput<O extends OperationSpec> = {
  params: Out<O["params"]>;
  query: Out<O["query"]>;
  /** Undefined when the request was one of the operation's `uploads` (the handler reads that itself). */
  body: Out<O["body"]> | (O["uploads"] extends readonly unknown[] ? undefined : never);
};

export type OperationResult<O extends OperationSpec> = z.input<O["response"]>;

export function requiredPermissions(access: Access): readonly Permission[] | null {
  if (typeof access === "string") return null;
  return typeof access.permission === "string" ? [access.permission] : access.permission;
}

/** The request header of the spec §4.3 idempotency rules. */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
