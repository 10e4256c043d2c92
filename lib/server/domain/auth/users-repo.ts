import "server-only";
import type { Role } from "@/lib/contract/auth/roles";
import type { StaffRole } from "@/lib/contract/auth/staff";
import type { Queryable } from "@/lib/server/core/db/types";

/** The only SQL of portal sign-in and sessions. */

export type UserCredentialsRow = {
  user_id: string;
  email: string;
  display_name: string;
  password_hash: string;
  role: Role | StaffRole;
  /** null for an operator. */
  client_id: string | null;
};

export async function findUserByEmail(db: Queryable, email: string): Promise<UserCredentialsRow | null> {
  const { rows } = await db.query<UserCredentialsRow>(
    // An invited user without a password yet, or a disabled one, cannot sign in: they count as unknown.
    "SELECT user_id, email, display_name, password_hash, role, client_id FROM users WHERE lower(email) = $1 AND password_hash IS NOT NULL AND disabled_at IS NULL",
    [email],
  );
  return rows[0] ?? null;
}

export type PortalUserRow = {
  user_id: string;
  email: string;
  display_name: string;
  role: Role;
  client_id: string;
  client_name: string;
  cif: string;
  permissions: string[];
  /** The user has a confirmed authenticator (lib/server/domain/auth/second-factor.ts). */
  second_factor_enrolled: boolean;
};

/**
 * Read on every page and token mint, so a changed role, a removed user or an
 * ended session (lib/server/domain/auth/sessions.ts) takes effect at once. The
 * session id is checked to be a uuid by the caller.
 */
export async function findPortalUserBySession(db: Queryable, sessionId: string, userId: string): Promise<PortalUserRow | null> {
  const { rows } = await db.query<PortalUserRow>(
    `SELECT u.user_id, u.email, u.display_name, u.role, u.client_id, c.name AS client_name, c.cif, c.permissions,
            f.confirmed_at IS NOT NULL AS second_factor_enrolled
       FROM portal_sessions s JOIN users u ON u.user_id = s.user_id JOIN clients c ON c.client_id = u.client_id
            LEFT JOIN user_second_factors f ON f.user_id = u.user_id
      WHERE s.session_id = $1 AND s.user_id = $2 AND s.ended_at IS NULL AND s.expires_at > now() AND u.disabled_at IS NULL`,
    [sessionId, userId],
  );
  return rows[0] ?? null;
}
