import { answerStepUp } from "@/lib/server/auth/step-up-answer";
import { personActor } from "@/lib/server/auth/person-actor";
import { consoleJson } from "@/lib/server/ops/console-http";
import { getOperator } from "@/lib/server/ops/operator-session";
import { getRuntime } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

/**
 * The step-up prompt's answer for an operator (components/auth/step-up-prompt.tsx
 * in the operations frame): before a role change, a fresh code. Anyone but a
 * signed-in operator gets the console's 404.
 */
export async function POST(request: Request): Promise<Response> {
  const operator = await getOperator();
  if (!operator || request.headers.get("sec-fetch-site") === "cross-site") return consoleJson({ code: "NOT_FOUND", message: "Not found.", field: null }, 404);
  const { db } = await getRuntime();
  const actor = { ...personActor({ id: operator.id, clientId: "" }, request.headers), sessionId: operator.sessionId };
  const answer = await answerStepUp(db, actor, await request.json().catch(() => null));
  return consoleJson(answer.body, answer.status);
}
