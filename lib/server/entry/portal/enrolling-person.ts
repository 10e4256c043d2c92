import "server-only";
import { getPortalUser } from "@/lib/server/entry/portal/session";
import { getOperator } from "@/lib/server/entry/console/operator-session";

/** Whoever may set up an authenticator: a client's portal user, or a bank operator (clientId ""). */
export type EnrollingPerson = { id: string; email: string; clientId: string; sessionId: string; mustEnrol: boolean };

/**
 * The enrolment page and its action serve both: operators sign in through the
 * same form and must have a second factor too (lib/contract/auth/second-factor.ts).
 */
export async function getEnrollingPerson(): Promise<EnrollingPerson | null> {
  const user = await getPortalUser();
  if (user) return { id: user.id, email: user.email, clientId: user.clientId, sessionId: user.sessionId, mustEnrol: user.mustEnrol };
  const operator = await getOperator();
  return operator ? { id: operator.id, email: operator.email, clientId: "", sessionId: operator.sessionId, mustEnrol: operator.mustEnrol } : null;
}
