import type { components } from "./schema";

/** The error body every Harbour error answers with (decisions §3). */
export type ErrorBody = components["schemas"]["Error"];
export type HarbourErrorCode = ErrorBody["code"];

/**
 * A non-2xx answer, typed: `code` is one of the document's error codes, `field` the input it is about (or null),
 * `details` one entry per invalid field. `status` 0 with code undefined means the body was not Harbour's error body
 * (a proxy's page, a network device): `message` then says what came back.
 */
export class HarbourApiError extends Error {
  readonly name = "HarbourApiError";

  constructor(
    readonly status: number,
    readonly body: Partial<ErrorBody>,
    /** From `Retry-After` on a 429 or 503, in seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(body.message ?? `Harbour answered ${status}.`);
  }

  get code(): HarbourErrorCode | undefined {
    return this.body.code;
  }

  get field(): string | null {
    return this.body.field ?? null;
  }

  get details(): NonNullable<ErrorBody["details"]> {
    return this.body.details ?? [];
  }

  get correlationId(): string | undefined {
    return this.body.correlationId;
  }

  static from(status: number, body: unknown, headers?: Headers): HarbourApiError {
    const retry = Number(headers?.get("retry-after"));
    const parsed = isErrorBody(body) ? body : { message: typeof body === "string" && body ? body.slice(0, 200) : undefined };
    return new HarbourApiError(status, parsed, Number.isFinite(retry) && retry > 0 ? retry : undefined);
  }
}

function isErrorBody(body: unknown): body is Partial<ErrorBody> {
  return typeof body === "object" && body !== null && typeof (body as { code?: unknown }).code === "string";
}
