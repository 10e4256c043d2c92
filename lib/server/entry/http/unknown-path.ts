import "server-only";
import { ApiError } from "@/lib/contract/http/errors";
import { correlationIdOf } from "@/lib/server/entry/http/correlation";
import { errorResponse } from "@/lib/server/entry/http/respond";

/**
 * Unknown API paths (the /v1 and /v2 catch-alls) answer with the API's error body, not the portal's HTML 404 page:
 * a mistyped operation, a matrix parameter (`/v2/virtual-accounts;x=1`) or any other odd path.
 */
export function unknownApiPath(request: Request): Response {
  const correlationId = correlationIdOf(request.headers);
  const headers = new Headers({ "x-correlation-id": correlationId, "cache-control": "no-store" });
  return errorResponse(new ApiError("NOT_FOUND", `No API operation at ${new URL(request.url).pathname}.`), correlationId, headers);
}
