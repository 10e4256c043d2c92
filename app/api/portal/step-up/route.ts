import { answerStepUp } from "@/lib/server/auth/step-up-answer";
import { personActor } from "@/lib/server/auth/person-actor";
import { portalJson, portalRoute } from "@/lib/server/portal/route-guard";
import { getRuntime } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

/**
 * The step-up prompt's answer (components/auth/step-up-prompt.tsx) for a
 * portal user; the operations console has its own (app/api/operations/step-up).
 */
export const POST = portalRoute("viewer", async (user, request) => {
  const { db } = await getRuntime();
  const actor = { ...personActor(user, request.headers), sessionId: user.sessionId };
  const answer = await answerStepUp(db, actor, await request.json().catch(() => null));
  return portalJson(answer.body, answer.status);
});
