import { touchSession } from "@/lib/server/domain/auth/sessions";
import { sessionRoute } from "@/lib/server/entry/http/session-route";
import { getRuntime } from "@/lib/server/entry/runtime";
import { ApiError } from "@/lib/contract/http/errors";
import type { TSessionActivity } from "@/lib/contract/auth/session-activity";

export const dynamic = "force-dynamic";

/**
 * The user is at the keyboard: the idle timeout starts again
 * (PORTAL_IDLE_TIMEOUT_MIN). The portal's idle monitor calls this for the
 * person's own input only, never for background refreshes, so a tab left open
 * still times out. Answers the seconds left, not a time, so a wrong clock in
 * the browser cannot move the warning.
 */
export const POST = sessionRoute({ who: { role: "viewer" } }, async ({ user }) => {
  const { db, config } = await getRuntime();
  const session = await touchSession(db, user.sessionId, config.portalIdleTimeoutSeconds);
  if (!session) throw new ApiError("UNAUTHORIZED", "Your session has ended. Sign in again.");
  const remainingSeconds = Math.max(0, Math.floor((session.expiresAt.getTime() - Date.now()) / 1000));
  const body: TSessionActivity = { remainingSeconds, idleSeconds: config.portalIdleTimeoutSeconds };
  return { body };
});
