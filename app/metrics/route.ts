import { metricsAccess } from "@/lib/server/core/observability/metrics-access";
import { metrics } from "@/lib/server/core/observability/metrics";
import { refreshGauges } from "@/lib/server/core/observability/scrape";
import { getRuntime } from "@/lib/server/entry/runtime";

export const dynamic = "force-dynamic";

/** Prometheus metrics of this instance (docs/cluster.md, Metrics); see metricsAccess for who may read them. */
export async function GET(request: Request): Promise<Response> {
  const access = metricsAccess(request.headers);
  if (access === "disabled") return new Response("Not Found", { status: 404 });
  if (access === "unauthorized") {
    return new Response("Unauthorized", { status: 401, headers: { "www-authenticate": 'Bearer realm="metrics"' } });
  }
  const { registry } = metrics();
  try {
    await refreshGauges(await getRuntime());
  } catch {
    // The database is down: the process metrics still say so much (pool waiting, request errors).
  }
  return new Response(await registry.metrics(), { headers: { "content-type": registry.contentType, "cache-control": "no-store" } });
}
