import "server-only";
import { getConfig } from "@/lib/server/core/config";
import { correlationIdOf } from "@/lib/server/entry/http/correlation";
import type { Route } from "@/lib/server/entry/http/endpoint";
import { ApiError } from "@/lib/contract/http/errors";
import type { OperationSpec } from "@/lib/contract/http/operation";
import { errorResponse } from "@/lib/server/entry/http/respond";

/**
 * Sandbox operations exist only in uat (decisions §8). In production the
 * route answers 404 before authentication, exactly like a path that does not
 * exist, so it reveals nothing about the sandbox.
 */
export function uatOnly<O extends OperationSpec>(route: Route<O>): Route<O> {
  const guarded = async (request: Request, context: Parameters<Route<O>>[1]): Promise<Response> => {
    if (getConfig().appEnv === "uat") return route(request, context);
    const correlationId = correlationIdOf(request.headers);
    const headers = new Headers({ "x-correlation-id": correlationId, "cache-control": "no-store" });
    return errorResponse(new ApiError("NOT_FOUND", `No API operation at ${new URL(request.url).pathname}.`), correlationId, headers);
  };
  return Object.assign(guarded, { operation: route.operation });
}
