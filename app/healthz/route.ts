import { isDatabaseAnswering } from "@/lib/server/entry/health/liveness";

export const dynamic = "force-dynamic";

/** Liveness with a database round trip (decisions §1); no auth, no pipeline. */
export async function GET(): Promise<Response> {
  const headers = { "cache-control": "no-store" };
  if (await isDatabaseAnswering()) return Response.json({ status: "ok" }, { headers });
  return Response.json({ status: "unavailable" }, { status: 503, headers });
}
