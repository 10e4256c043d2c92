export const dynamic = "force-dynamic";

/**
 * Liveness: the process answers, nothing else is checked (whether it may take
 * traffic is /readyz; /healthz is the database round trip of decisions §1). Also the benchmark's empty-handler baseline.
 */
export function GET(): Response {
  return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
}
