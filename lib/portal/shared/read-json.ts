import type { z } from "zod";
import { ZErrorBody } from "@/lib/contract/api/schemas";

/**
 * The one place the portal reads a JSON body (eslint.config.mjs refuses `.json()` anywhere else in lib/portal and
 * components): every body is parsed with the contract's zod schema, the same one the handler's answer is checked
 * against and the OpenAPI document is built from, so what a page receives is what its type says (docs/portal.md).
 */

export type TErrorBody = z.output<typeof ZErrorBody>;
/** What an error carries: the contract's error body, or part of it when the portal makes one itself (a 401). */
export type ApiErrorBody = Partial<Omit<TErrorBody, "code">> & { code?: string };

/**
 * A 2xx answer whose body is not what the contract says (a deploy between the page and the API, a proxy's page):
 * the page shows its error state with this message, never a half-read object.
 */
export class ResponseShapeError extends Error {
  constructor(
    /** The operation or route whose answer did not match, for support. */
    readonly source: string,
    /** What zod found, for the console and support: the first few paths and messages. */
    readonly issues: string,
  ) {
    super("The bank's answer could not be read. Reload the page; if this keeps happening, contact support.");
    this.name = "ResponseShapeError";
  }
}

/** A body's value: undefined when it was empty or not JSON. */
function jsonValue(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join(".") || "(body)"}: ${issue.message}`)
    .join("; ");
}

/** A successful answer's body, parsed with `schema`; a body that does not match is a ResponseShapeError. */
export async function readJson<S extends z.ZodType>(response: Response, schema: S, source: string): Promise<z.output<S>> {
  return parseJsonText(await response.text(), schema, source);
}

/** As readJson, for a body already read as text (the SDK's client reads it: apiJson asks it for text). */
export function parseJsonText<S extends z.ZodType>(text: string, schema: S, source: string): z.output<S> {
  const checked = schema.safeParse(jsonValue(text));
  if (checked.success) return checked.data;
  const error = new ResponseShapeError(source, describeIssues(checked.error));
  console.error(`[portal] ${source} answered a body its schema refuses: ${error.issues}`);
  throw error;
}

/**
 * An error answer's body, parsed with the contract's error schema (decisions §3). Anything else (a proxy's HTML
 * page, an empty 502) is an empty body, and the error's message falls back to the status.
 */
export async function readErrorBody(response: Response): Promise<ApiErrorBody> {
  return errorBodyOf(jsonValue(await response.text().catch(() => "")));
}

/** The same for an error body the SDK's client has read already (JSON when it was JSON, else its text). */
export function errorBodyOf(value: unknown): ApiErrorBody {
  const checked = ZErrorBody.safeParse(value);
  return checked.success ? checked.data : {};
}
