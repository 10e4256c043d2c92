import { stepUp } from "@/lib/server/auth/second-factor";
import { clientIpOf } from "@/lib/server/http/client-ip";
import { portalJson, portalRoute } from "@/lib/server/portal/route-guard";
import { getRuntime } from "@/lib/server/runtime";
import { ZCodeForm } from "@/lib/contract/auth/second-factor";

export const dynamic = "force-dynamic";

/**
 * The step-up prompt's answer (components/auth/step-up-dialog.tsx): a right
 * code marks this session's second factor as proven now, so the action that
 * answered 403 STEP_UP_REQUIRED can be retried.
 */
export const POST = portalRoute("viewer", async (user, request) => {
  const parsed = ZCodeForm.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return portalJson({ error: "Bad Request", message: parsed.error.issues[0]?.message ?? "Enter your code." }, 400);
  const { db } = await getRuntime();
  const actor = { userId: user.id, clientId: user.clientId, sessionId: user.sessionId, ip: clientIpOf(request.headers) };
  const result = await stepUp(db, actor, parsed.data.code);
  if (result.ok) return portalJson({ verified: true });
  if (result.reason === "locked") {
    const minutes = Math.ceil(result.retryAfterSeconds / 60);
    return portalJson({ error: "Too Many Requests", message: `Too many wrong codes. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.` }, 429);
  }
  return portalJson({ error: "Bad Request", message: "That code does not match. Enter the code your app shows now, or a recovery code." }, 400);
});
