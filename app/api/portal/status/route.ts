import { sessionRoute } from "@/lib/server/entry/http/session-route";
import { collectSystemStatus } from "@/lib/server/entry/portal/status";
import { getRuntime } from "@/lib/server/entry/runtime";

export const dynamic = "force-dynamic";

/** The System page's monitor: infrastructure health, which the bank's /v1 API does not describe. */
export const GET = sessionRoute({ who: { role: "viewer" } }, async ({ user }) => ({ body: await collectSystemStatus(await getRuntime(), user.clientId) }));
