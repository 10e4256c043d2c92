import { portalJson, portalRoute } from "@/lib/server/portal/route-guard";
import { collectSystemStatus } from "@/lib/server/portal/status";
import { getRuntime } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

/** The System page's monitor: infrastructure health, which the bank's /v1 API does not describe. */
export const GET = portalRoute("viewer", async (user) => portalJson(await collectSystemStatus(await getRuntime(), user.clientId)));
