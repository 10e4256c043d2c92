import "server-only";
import type { Pool } from "pg";
import { stepUp, type FactorActor } from "@/lib/server/domain/auth/second-factor";
import type { TCodeForm } from "@/lib/contract/auth/second-factor";
import { ApiError } from "@/lib/contract/http/errors";

/**
 * The step-up prompt's answer, the same for the portal (app/api/portal/step-up)
 * and the operations console (app/api/operations/step-up): a right code marks
 * the session proven now, so the action that answered 403 STEP_UP_REQUIRED can
 * be retried; a wrong one says what to do, a locked one for how long. The
 * form was parsed by the route (sessionRoute with ZCodeForm).
 */
export async function answerStepUp(db: Pool, actor: FactorActor & { sessionId: string }, form: TCodeForm): Promise<{ verified: true }> {
  const result = await stepUp(db, actor, form.code);
  if (result.ok) return { verified: true };
  if (result.reason === "locked") {
    const minutes = Math.ceil(result.retryAfterSeconds / 60);
    throw new ApiError("RATE_LIMITED", `Too many wrong codes. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, {
      headers: { "Retry-After": String(result.retryAfterSeconds) },
    });
  }
  throw new ApiError("VALIDATION_ERROR", "That code does not match. Enter the code your app shows now, or a recovery code.", { field: "code" });
}
