import "server-only";
import type { Pool } from "pg";
import { ANONYMOUS_ACTOR, userActor, type AuditContext } from "@/lib/server/core/audit/actors";
import { writeAudit } from "@/lib/server/core/audit/write";
import { endSession, endSessionsOfUser, startSession, type LiveSession } from "@/lib/server/domain/auth/sessions";
import type { Queryable } from "@/lib/server/core/db/types";
import { withTransaction } from "@/lib/server/core/db/transaction";
import { originOf, type RequestOrigin } from "@/lib/server/core/request-origin";
import { BANK_SCOPE } from "@/lib/server/core/audit/operation";

/**
 * Sign-in and every session end as audit rows, each in the transaction of its
 * change (the session opened or ended): sign-out (`session.signed_out`), every
 * session of a user at once (`user.sessions_ended`: the person's own "sign out
 * everywhere", an administrator, a disabled user, a reset second factor) and a
 * session that ran out (`session.expired`, lib/server/domain/auth/session-expiry.ts).
 * Portal users' rows join their organisation's chain; operators (bank staff,
 * no client) and addresses that match no user join the bank's own
 * (BANK_SCOPE), so an organisation's log holds only its own people.
 */

const scopeOf = (clientId: string | null | undefined) => (clientId ? clientId : BANK_SCOPE);

export type SignedInAs = { id: string; clientId: string };

/** A user who has proven who they are gets a session, and the log says so. */
export async function openSession(
  pool: Pool,
  user: SignedInAs,
  limits: { lifetimeSeconds: number; idleSeconds: number },
  from: string | null | RequestOrigin,
): Promise<LiveSession> {
  return withTransaction(pool, async (tx) => {
    const session = await startSession(tx, user.id, limits.lifetimeSeconds, limits.idleSeconds);
    await writeAudit(tx, {
      clientId: scopeOf(user.clientId),
      actor: userActor(user.id),
      action: "session.signed_in",
      entity: "user",
      entityId: user.id,
      data: { sessionId: session.sessionId },
      ...originOf(from),
    });
    return session;
  });
}

/** Sign-out: the row is written only when a live session actually ended (a repeated sign-out writes nothing). */
export async function closeSession(pool: Pool, who: { sessionId: unknown; userId: string | undefined; clientId: string | undefined }): Promise<void> {
  await withTransaction(pool, async (tx) => {
    if (!(await endSession(tx, who.sessionId, "sign-out")) || !who.userId) return;
    await writeAudit(tx, {
      clientId: scopeOf(who.clientId),
      actor: userActor(who.userId),
      action: "session.signed_out",
      entity: "user",
      entityId: who.userId,
      data: { sessionId: String(who.sessionId) },
    });
  });
}

/** Why every session of a user ended (portal_sessions.ended_reason, and the row's `reason`). */
export type SessionsEndReason = "sign-out-everywhere" | "admin" | "user-disabled" | "second-factor-reset" | "password-set";

/** Acts whose purpose is to end sessions: written even when none was live (the act happened); the others only when one ended. */
const EXPLICIT: ReadonlySet<SessionsEndReason> = new Set(["sign-out-everywhere", "admin"]);

/**
 * Ends every live session of `user` in the caller's transaction and writes `user.sessions_ended` with who did it
 * (`audit`: the person, an administrator, an operator or the command line, with the request's address and
 * correlation id) and why, in the user's organisation. Returns how many ended.
 */
export async function endSessionsAudited(
  tx: Queryable,
  audit: Omit<AuditContext, "clientId">,
  user: { userId: string; clientId: string | null; email: string },
  reason: SessionsEndReason,
): Promise<number> {
  const ended = await endSessionsOfUser(tx, user.userId, reason);
  if (ended === 0 && !EXPLICIT.has(reason)) return 0;
  await writeAudit(tx, {
    ...audit,
    clientId: scopeOf(user.clientId),
    action: "user.sessions_ended",
    entity: "user",
    entityId: user.userId,
    data: { email: user.email, ended, reason },
  });
  return ended;
}

/** "Sign out of all sessions": the person ends every session of their own (the one they act from included). */
export function signOutEverywhere(pool: Pool, person: AuditContext & { userId: string; email: string }): Promise<number> {
  return withTransaction(pool, (tx) => endSessionsAudited(tx, person, person, "sign-out-everywhere"));
}

export type SignInFailure = {
  /** The user the typed email belongs to, when it belongs to one. */
  user: { userId: string; clientId: string | null } | null;
  /** As typed, lower-cased; recorded only when it matches no user (who else would it name?). */
  email: string;
  ip: string | null;
  correlationId?: string | null;
  /** Why: `wrong-password` or `unknown-email`; `lockedUntil` when this failure started a lock. */
  reason: string;
  lockedUntil: Date | null;
};

/**
 * A counted failure (lib/server/domain/auth/sign-in.ts). Refusals while a lock holds
 * are not written: they cost an attacker nothing, and must not let one fill an
 * organisation's log; the failure that started the lock is.
 */
export async function auditSignInFailure(db: Queryable, failure: SignInFailure): Promise<void> {
  const lockedUntil = failure.lockedUntil ? { lockedUntil: failure.lockedUntil.toISOString() } : {};
  await writeAudit(db, {
    clientId: scopeOf(failure.user?.clientId),
    actor: failure.user ? userActor(failure.user.userId) : ANONYMOUS_ACTOR,
    action: "session.sign_in_failed",
    entity: failure.user ? "user" : "sign_in",
    entityId: failure.user ? failure.user.userId : failure.email,
    data: { reason: failure.reason, ...lockedUntil },
    ip: failure.ip,
    correlationId: failure.correlationId,
  });
}
