import { correlationIdOf } from "@/lib/server/entry/http/correlation";
import { ApiError } from "@/lib/contract/http/errors";
import { errorResponse } from "@/lib/server/entry/http/respond";

export const dynamic = "force-dynamic";

/** Unknown API paths answer with the API's error body, not the portal's HTML 404 page. */
function notFound(request: Request): Response {
  const correlationId = correlationIdOf(request.headers);
  const headers = new Headers({ "x-correlation-id": correlationId, "cache-control": "no-store" });
  return errorResponse(new ApiError("NOT_FOUND", `No API operation at ${new URL(request.url).pathname}.`), correlationId, headers);
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
