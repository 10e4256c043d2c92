import "server-only";
import type { Pool } from "pg";
import { stepUp, type FactorActor } from "@/lib/server/auth/second-factor";
import { ZCodeForm } from "@/lib/contract/auth/second-factor";

export type StepUpAnswer = { status: 200 | 400 | 429; body: { verified: true } | { error: string; message: string } };

/**
 * The step-up prompt's answer, the same for the portal (app/api/portal/step-up)
 * and the operations console (app/api/operations/step-up): a right code marks
 * the session proven now, so the action that answered 403 STEP_UP_REQUIRED can
 * be retried; a wrong one says what to do, a locked one for how long.
 */
export async function answerStepUp(db: Pool, actor: FactorActor & { sessionId: string }, input: unknown): Promise<StepUpAnswer> {
  const parsed = ZCodeForm.safeParse(input);
  if (!parsed.success) return { status: 400, body: { error: "Bad Request", message: parsed.error.issues[0]?.message ?? "Enter your code." } };
  const result = await stepUp(db, actor, parsed.data.code);
  if (result.ok) return { status: 200, body: { verified: true } };
  if (result.reason === "locked") {
    const minutes = Math.ceil(result.retryAfterSeconds / 60);
    return { status: 429, body: { error: "Too Many Requests", message: `Too many wrong codes. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.` } };
  }
  return { status: 400, body: { error: "Bad Request", message: "That code does not match. Enter the code your app shows now, or a recovery code." } };
}
