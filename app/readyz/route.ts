import { checkReadiness } from "@/lib/server/entry/health/readiness";

export const dynamic = "force-dynamic";

/**
 * Readiness for the balancer (decisions §10): 200 when this instance may take
 * traffic, 503 while it drains for a stop, cannot reach its database or waits
 * for migrations. No auth: it says nothing a caller could use.
 */
export async function GET(): Promise<Response> {
  const readiness = await checkReadiness();
  const headers = { "cache-control": "no-store" };
  if (readiness.ready) return Response.json({ status: "ready" }, { headers });
  return Response.json({ status: "not ready", reason: readiness.reason }, { status: 503, headers: { ...headers, "retry-after": "1" } });
}
