import "server-only";
import { getServerSession } from "next-auth";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { getAuthOptions } from "@/lib/server/entry/portal/auth-options";
import { hasRole, type Role } from "@/lib/contract/auth/roles";
import { getRuntime } from "@/lib/server/entry/runtime";
import { isSessionId } from "@/lib/server/core/auth/session-id";
import { findPortalUserBySession } from "@/lib/server/domain/users/repo";
import { secondFactorRequired } from "@/lib/contract/auth/second-factor";

/** The signed-in user as the database says now, not as the cookie said at sign-in. */
export type PortalUser = {
  id: string;
  email: string;
  name: string;
  role: Role;
  clientId: string;
  clientName: string;
  cif: string;
  clientPermissions: readonly string[];
  /** The live server-side session (lib/server/domain/auth/sessions.ts) this request belongs to. */
  sessionId: string;
  /** The user has a confirmed authenticator app (lib/server/domain/auth/second-factor.ts). */
  secondFactorEnrolled: boolean;
  /** Their role requires one and they have none yet: the enrolment page is all they may see. */
  mustEnrol: boolean;
};

/**
 * One lookup per request, however many components ask. A cookie whose
 * server-side session has ended (signed out, signed out everywhere) or that
 * predates server-side sessions counts as signed out.
 */
export const getPortalUser = cache(async (): Promise<PortalUser | null> => {
  const session = await getServerSession(await getAuthOptions());
  const userId = session?.user?.id;
  const sessionId = session?.sessionId;
  if (!userId || !isSessionId(sessionId)) return null;
  const { db } = await getRuntime();
  const row = await findPortalUserBySession(db, sessionId, userId);
  if (!row) return null;
  return {
    id: row.user_id,
    email: row.email,
    name: row.display_name,
    role: row.role,
    clientId: row.client_id,
    clientName: row.client_name,
    cif: row.cif,
    clientPermissions: row.permissions,
    sessionId,
    secondFactorEnrolled: row.second_factor_enrolled,
    mustEnrol: secondFactorRequired(row.role) && !row.second_factor_enrolled,
  };
});

/**
 * The path of this request as the front door (scripts/front-door.mjs) saw it: layouts are not told it.
 * Only a same-origin path is kept; the sign-in page resolves it again before following it.
 */
export async function requestPath(): Promise<string> {
  const path = (await headers()).get("x-harbour-request-path");
  return path && path.startsWith("/") && !path.startsWith("//") ? path : "/dashboard";
}

/** `expired`: the browser still held a session the server no longer has (idle timeout, ended elsewhere): sign-in says so. */
export function signInPath(returnTo: string, expired = false): string {
  return `/login?${expired ? "signedOut=expired&" : ""}callbackUrl=${encodeURIComponent(returnTo)}`;
}

/** A next-auth session cookie is present (its name carries a `__Secure-` prefix on HTTPS). */
async function heldSession(): Promise<boolean> {
  return (await cookies()).getAll().some((c) => c.name.endsWith("next-auth.session-token"));
}

/** Where an administrator or approver without an authenticator goes first, then back here. */
export function enrolmentPath(returnTo: string): string {
  return `/second-factor?callbackUrl=${encodeURIComponent(returnTo)}`;
}

/**
 * For pages: a signed-out visitor goes to sign-in and comes back here after.
 * Every page calls this itself, because a shared layout is not re-rendered on
 * client-side navigation.
 */
export async function requirePortalUser(returnTo: string): Promise<PortalUser> {
  const user = await getPortalUser();
  if (!user) redirect(signInPath(returnTo, await heldSession()));
  if (user.mustEnrol) redirect(enrolmentPath(returnTo));
  return user;
}

export type RoleCheck = { user: PortalUser; allowed: boolean };

/** For pages that render a 403 view rather than redirect. */
export async function checkRole(required: Role, returnTo: string): Promise<RoleCheck> {
  const user = await requirePortalUser(returnTo);
  return { user, allowed: hasRole(user.role, required) };
}

export class PortalAuthError extends Error {
  constructor(
    readonly status: 401 | 403,
    message?: string,
  ) {
    super(message ?? (status === 401 ? "Sign in to continue." : "Your role does not allow this."));
  }
}

/** For server actions and portal API routes: throws instead of redirecting. */
export async function assertRole(required: Role): Promise<PortalUser> {
  const user = await getPortalUser();
  if (!user) throw new PortalAuthError(401);
  // No API token, no server action until the required authenticator is set up.
  if (user.mustEnrol) throw new PortalAuthError(403, "Set up your authenticator app first.");
  if (!hasRole(user.role, required)) throw new PortalAuthError(403);
  return user;
}
