// The API's error body (decisions §3) for the answers no route writes: the front door's, the adapter's, Node's
// own protocol refusals (scripts/server.mjs) and the balancer's (scripts/haproxy-config.mjs). The routes write
// theirs through lib/server/entry/http/respond.ts; lib/contract/http/errors.ts holds the codes and reasons.
import { randomUUID } from "node:crypto";
import { STATUS_CODES } from "node:http";

/** Paths whose every answer carries the API's error body. */
export const API_PATH = /^\/v[12](?:[/?;]|$)/;

/** The body as text: `{error, message, code, field, details, correlationId}`. */
export function apiErrorBody(status, code, message, { field = null, details = null, correlationId = randomUUID() } = {}) {
  return JSON.stringify({ error: STATUS_CODES[status] ?? "Error", message, code, field, details, correlationId });
}

/** Writes the body as a whole response (no route ran: a fresh correlation id, sent back as its header too). */
export function writeApiError(res, status, code, message, { field = null, details = null, headers = {} } = {}) {
  const correlationId = randomUUID();
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", "x-correlation-id": correlationId, ...headers });
  res.end(apiErrorBody(status, code, message, { field, details, correlationId }));
}
