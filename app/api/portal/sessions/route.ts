import { personActor } from "@/lib/server/auth/person-actor";
import { signOutEverywhere } from "@/lib/server/auth/session-audit";
import { portalJson, portalRoute } from "@/lib/server/portal/route-guard";
import { getRuntime } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

/**
 * "Sign out everywhere": ends every live session of the signed-in user (this
 * one included), so cookies and API tokens on other devices stop working at
 * once; audited as the person's `user.sessions_ended` (reason `sign-out-everywhere`).
 */
export const DELETE = portalRoute("viewer", async (user, request) => {
  const { db } = await getRuntime();
  return portalJson({ ended: await signOutEverywhere(db, { ...personActor(user, request.headers), email: user.email }) });
});
