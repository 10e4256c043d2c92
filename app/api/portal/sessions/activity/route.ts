import { touchSession } from "@/lib/server/auth/sessions";
import { portalJson, portalRoute } from "@/lib/server/portal/route-guard";
import { getRuntime } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

/**
 * The user is at the keyboard: the idle timeout starts again
 * (PORTAL_IDLE_TIMEOUT_MIN). The portal's idle monitor calls this for the
 * person's own input only, never for background refreshes, so a tab left open
 * still times out. Answers the seconds left, not a time, so a wrong clock in
 * the browser cannot move the warning.
 */
export const POST = portalRoute("viewer", async (user) => {
  const { db, config } = await getRuntime();
  const session = await touchSession(db, user.sessionId, config.portalIdleTimeoutSeconds);
  if (!session) return portalJson({ error: "Unauthorized", message: "Your session has ended. Sign in again." }, 401);
  const remainingSeconds = Math.max(0, Math.floor((session.expiresAt.getTime() - Date.now()) / 1000));
  return portalJson({ remainingSeconds, idleSeconds: config.portalIdleTimeoutSeconds });
});
