import "server-only";
import { bearerToken } from "@/lib/server/core/auth/tokens";
import { logger } from "@/lib/server/core/observability/log";
import { metrics } from "@/lib/server/core/observability/metrics";
import { getRuntime } from "@/lib/server/entry/runtime";

type RouteFunction<C> = (request: Request, context: C) => Promise<Response>;

/**
 * Wraps an API route so every request leaves one JSON log line and its
 * metrics (docs/cluster.md): correlation id, client id, operation, status,
 * duration. Only these chosen fields are logged, never a header or a body.
 */
export function observed<C>(operationId: string, route: RouteFunction<C>): RouteFunction<C> {
  return async (request, context) => {
    const started = performance.now();
    const response = await route(request, context);
    const seconds = (performance.now() - started) / 1000;
    const status = String(response.status);
    const m = metrics();
    m.requests.inc({ operation: operationId, status });
    m.requestSeconds.observe({ operation: operationId, status }, seconds);
    if (response.status === 429) m.rateLimited.inc({ operation: operationId });
    const replayed = response.headers.get("idempotent-replayed") === "true";
    if (replayed) m.replays.inc({ operation: operationId });
    logger().info(
      {
        correlationId: response.headers.get("x-correlation-id"),
        clientId: response.status === 401 ? null : await clientIdOf(request),
        operation: operationId,
        method: request.method,
        path: new URL(request.url).pathname,
        status: response.status,
        durationMs: Math.round(seconds * 10_000) / 10,
        ...(replayed ? { replayed } : {}),
      },
      "request",
    );
    return response;
  };
}

/** The verified token's client: the verifier caches per token, so this costs a lookup, not a signature check. */
async function clientIdOf(request: Request): Promise<string | null> {
  if (!request.headers.has("authorization")) return null;
  try {
    const runtime = await getRuntime();
    return (await runtime.verifyToken(bearerToken(request.headers))).clientId;
  } catch {
    return null;
  }
}
