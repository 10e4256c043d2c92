import "server-only";
import { flattenToCsv } from "@/lib/contract/csv";
import { ApiError, errorBody, ProtocolError } from "@/lib/contract/http/errors";
import { StreamedFile } from "@/lib/contract/http/streamed-file";
import { isDatabaseUnavailable } from "@/lib/server/core/db/watch";
import { textResponse } from "@/lib/server/entry/http/text-response";

export const JSON_TYPE = "application/json";
export const CSV_TYPE = "text/csv";

export function jsonResponse(body: unknown, status: number, headers: Headers): Response {
  headers.set("content-type", "application/json; charset=utf-8");
  return textResponse(JSON.stringify(body), status, headers);
}

export function renderResponse(body: unknown, status: number, mediaType: string, headers: Headers): Response {
  if (body instanceof StreamedFile) {
    // The file's own type (a statement's format), whatever Accept negotiated; a download either way.
    headers.set("content-type", body.contentType);
    headers.set("content-disposition", `attachment; filename="${body.fileName}"`);
    return new Response(body.stream, { status, headers });
  }
  if (mediaType === CSV_TYPE) {
    headers.set("content-type", "text/csv; charset=utf-8");
    return textResponse(flattenToCsv(body), status, headers);
  }
  return jsonResponse(body, status, headers);
}

/**
 * Database unreachable, frozen or too slow (lib/server/core/db/watch.ts), or it gave up this transaction for
 * another's (deadlock, serialization failure: nothing was written): a retryable 503 rather than a 500.
 */
function isConnectionFailure(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return isDatabaseUnavailable(error) || code === "40P01" || code === "40001";
}

/**
 * PostgreSQL refuses NUL bytes and invalid encodings in text (SQLSTATE 22021,
 * 22P05). Schemas should stop them first; this keeps any that slip through a 400.
 */
function isInvalidTextForDatabase(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return code === "22021" || code === "22P05";
}

/**
 * The only place an error becomes a response. Unknown errors are logged with
 * the correlation id and answered generically: no stack, no internals.
 */
export function errorResponse(error: unknown, correlationId: string, headers: Headers): Response {
  if (error instanceof ProtocolError) {
    for (const [name, value] of Object.entries(error.headers)) headers.set(name, value);
    return jsonResponse(error.body, error.status, headers);
  }
  let apiError: ApiError;
  if (error instanceof ApiError) {
    apiError = error;
  } else if (isInvalidTextForDatabase(error)) {
    apiError = new ApiError("VALIDATION_ERROR", "The request contains characters that are not allowed (such as NUL).");
  } else if (isConnectionFailure(error)) {
    apiError = new ApiError("SERVICE_UNAVAILABLE", "The service is temporarily unavailable; retry shortly.", {
      headers: { "Retry-After": "5" },
    });
  } else {
    console.error(`[api] correlationId=${correlationId} unexpected error:`, error);
    apiError = new ApiError("INTERNAL_ERROR", "An unexpected error occurred. Quote the correlationId when contacting support.");
  }
  for (const [name, value] of Object.entries(apiError.headers)) headers.set(name, value);
  return jsonResponse(errorBody(apiError, correlationId), apiError.status, headers);
}
