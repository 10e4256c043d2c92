import "server-only";
import { randomUUID } from "node:crypto";

/**
 * The Idempotency-Key the payment form made when it opened (the pipeline has
 * checked it is a UUID). The draft keeps it for the submission that its last
 * approval makes; without one the draft gets its own.
 */
export function draftKeyOf(request: Request): string {
  return request.headers.get("idempotency-key")?.trim().toLowerCase() || randomUUID();
}
