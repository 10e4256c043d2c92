import { signOutEverywhere } from "@/lib/server/domain/auth/session-audit";
import { sessionRoute } from "@/lib/server/entry/http/session-route";
import { getRuntime } from "@/lib/server/entry/runtime";

export const dynamic = "force-dynamic";

/**
 * "Sign out everywhere": ends every live session of the signed-in user (this
 * one included), so cookies and API tokens on other devices stop working at
 * once; audited as the person's `user.sessions_ended` (reason `sign-out-everywhere`).
 */
export const DELETE = sessionRoute({ who: { role: "viewer" } }, async ({ user, actor }) => {
  const { db } = await getRuntime();
  return { body: { ended: await signOutEverywhere(db, { ...actor, email: user.email }) } };
});
