import { getRuntime } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

/** Liveness with a database round trip (decisions §1); no auth, no pipeline. */
export async function GET(): Promise<Response> {
  try {
    const { db } = await getRuntime();
    await db.query("SELECT 1");
    return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
  } catch {
    return Response.json({ status: "unavailable" }, { status: 503, headers: { "cache-control": "no-store" } });
  }
}
