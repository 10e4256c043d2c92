import { answerStepUp } from "@/lib/server/domain/auth/step-up-answer";
import { sessionRoute } from "@/lib/server/entry/http/session-route";
import { getRuntime } from "@/lib/server/entry/runtime";
import { ZCodeForm } from "@/lib/contract/auth/second-factor";

export const dynamic = "force-dynamic";

/**
 * The step-up prompt's answer (components/auth/step-up-prompt.tsx) for a
 * portal user; the operations console has its own (app/api/operations/step-up).
 */
export const POST = sessionRoute({ who: { role: "viewer" }, body: ZCodeForm }, async ({ user, actor, body }) => {
  const { db } = await getRuntime();
  return { body: await answerStepUp(db, { ...actor, sessionId: user.sessionId }, body) };
});
