export const dynamic = "force-dynamic";

/**
 * Liveness: the process answers, nothing else is checked (readiness with a
 * database round trip is /healthz). Also the benchmark's empty-handler baseline.
 */
export function GET(): Response {
  return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
}
