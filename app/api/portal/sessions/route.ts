import { endSessionsOfUser } from "@/lib/server/auth/sessions";
import { portalJson, portalRoute } from "@/lib/server/portal/route-guard";
import { getRuntime } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

/**
 * "Sign out everywhere": ends every live session of the signed-in user (this
 * one included), so cookies and API tokens on other devices stop working at once.
 */
export const DELETE = portalRoute("viewer", async (user) => {
  const { db } = await getRuntime();
  return portalJson({ ended: await endSessionsOfUser(db, user.id, "sign-out-everywhere") });
});
