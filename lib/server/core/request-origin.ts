import "server-only";

/** Where a request came from, as its audit rows carry it: the caller's address and correlation id. */
export type RequestOrigin = { ip: string | null; correlationId: string | null };

/** An origin given as a bare address (a caller with no correlation id) or whole. */
export function originOf(from: string | null | RequestOrigin): RequestOrigin {
  return from !== null && typeof from === "object" ? from : { ip: from, correlationId: null };
}
