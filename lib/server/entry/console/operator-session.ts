import "server-only";
import { getServerSession } from "next-auth";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { userActor } from "@/lib/server/core/audit/actors";
import { getAuthOptions } from "@/lib/server/entry/portal/auth-options";
import { enrolmentPath, signInPath } from "@/lib/server/entry/portal/session";
import { isSessionId } from "@/lib/server/core/auth/session-id";
import { clientIpOf } from "@/lib/server/entry/http/client-ip";
import { correlationIdOf } from "@/lib/server/entry/http/correlation";
import type { OpsContext } from "@/lib/server/core/operation-context";
import { findOperatorBySession } from "@/lib/server/domain/users/repo";
import { getRuntime } from "@/lib/server/entry/runtime";
import { secondFactorRequired } from "@/lib/contract/auth/second-factor";
import { OPERATOR_ROLE } from "@/lib/contract/auth/staff";

/**
 * The Bank operations area's gate. Only a signed-in operator gets through;
 * a client's user (any role) gets a 404, as for a page that does not exist,
 * so the area does not even show that it is there.
 */
export type Operator = {
  id: string;
  email: string;
  name: string;
  /** The live server-side session, for step-up (lib/server/domain/auth/second-factor.ts). */
  sessionId: string;
  /** No authenticator yet: operators must have one (secondFactorRequired), so enrolment is all they may do. */
  mustEnrol: boolean;
};

export const getOperator = cache(async (): Promise<Operator | null> => {
  const session = await getServerSession(await getAuthOptions());
  const userId = session?.user?.id;
  if (!userId || !isSessionId(session?.sessionId)) return null;
  const { db } = await getRuntime();
  const row = await findOperatorBySession(db, session.sessionId, userId);
  if (!row) return null;
  return {
    id: row.user_id,
    email: row.email,
    name: row.display_name,
    sessionId: session.sessionId,
    mustEnrol: secondFactorRequired(OPERATOR_ROLE) && !row.second_factor_enrolled,
  };
});

/** Anyone signed in who is not an operator: a client's user of any role. */
async function isSignedInNonOperator(): Promise<boolean> {
  if (await getOperator()) return false;
  const session = await getServerSession(await getAuthOptions());
  return Boolean(session?.user?.id);
}

/**
 * For the operations layout: a client's user gets a 404 there, before the
 * pages' loading boundary, so the response's status is 404 too (a page's
 * notFound() inside a streamed boundary comes after a 200).
 */
export async function refuseNonOperators(): Promise<void> {
  if (await isSignedInNonOperator()) notFound();
}

/**
 * For operations pages: signed out goes to sign-in; signed in as anyone but an
 * operator is a 404; an operator without an authenticator sets one up first.
 */
export async function requireOperator(returnTo: string): Promise<Operator> {
  const operator = await getOperator();
  if (operator?.mustEnrol) redirect(enrolmentPath(returnTo));
  if (operator) return operator;
  if (await isSignedInNonOperator()) notFound();
  redirect(signInPath(returnTo));
}

/** The context of an operation an operator runs from the console: audited as the operator, with the request's address and correlation id. */
export async function operatorContext(operator: Operator, request: Request): Promise<OpsContext> {
  const { db, config } = await getRuntime();
  return {
    db,
    appEnv: config.appEnv,
    actor: userActor(operator.id),
    ip: clientIpOf(request.headers),
    correlationId: correlationIdOf(request.headers),
    baseUrl: config.linkBaseUrl ?? new URL(request.url).origin,
  };
}
