import { answerStepUp } from "@/lib/server/domain/auth/step-up-answer";
import { personActor } from "@/lib/server/entry/portal/person-actor";
import { sessionRoute } from "@/lib/server/entry/http/session-route";
import { getRuntime } from "@/lib/server/entry/runtime";
import { ZCodeForm } from "@/lib/contract/auth/second-factor";

export const dynamic = "force-dynamic";

/**
 * The step-up prompt's answer for an operator (components/auth/step-up-prompt.tsx
 * in the operations frame): before a role change, a fresh code. Anyone but a
 * signed-in operator gets the console's 404.
 */
export const POST = sessionRoute({ who: "operator", body: ZCodeForm }, async ({ operator, request, correlationId, body }) => {
  const { db } = await getRuntime();
  const actor = { ...personActor({ id: operator.id, clientId: "" }, request.headers), correlationId, sessionId: operator.sessionId };
  return { body: await answerStepUp(db, actor, body) };
});
