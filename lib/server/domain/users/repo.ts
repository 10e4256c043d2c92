import "server-only";
import type { Role } from "@/lib/contract/auth/roles";
import type { StaffRole } from "@/lib/contract/auth/staff";
import type { Queryable } from "@/lib/server/core/db/types";

/**
 * The only SQL that reads or writes a user's row: sign-in, sessions, an
 * organisation's list, the operations' administration, the approvals' view
 * of a maker and an approver now. The tenant is in every WHERE on a client's user.
 */

export type OrganisationUserRow = {
  user_id: string;
  email: string;
  display_name: string;
  role: Role;
  status: "active" | "invited" | "disabled";
  live_sessions: number;
  last_active_at: Date | null;
  total: string;
};

/** An organisation's portal users, by name; a small, bounded list (pagedList). */
export async function organisationUsersPage(db: Queryable, clientId: string, page: { limit: number; offset: number }) {
  const { rows } = await db.query<OrganisationUserRow>(
    `SELECT u.user_id::text, u.email, u.display_name, u.role,
            CASE WHEN u.disabled_at IS NOT NULL THEN 'disabled' WHEN u.password_hash IS NULL THEN 'invited' ELSE 'active' END AS status,
            (SELECT count(*)::int FROM portal_sessions s WHERE s.user_id = u.user_id AND s.ended_at IS NULL AND s.expires_at > now()) AS live_sessions,
            (SELECT max(s.last_seen_at) FROM portal_sessions s WHERE s.user_id = u.user_id) AS last_active_at,
            count(*) OVER () AS total
       FROM users u
      WHERE u.client_id = $1
      ORDER BY lower(u.display_name), u.user_id
      LIMIT $2 OFFSET $3`,
    [clientId, page.limit, page.offset],
  );
  return { rows, total: rows.length ? Number(rows[0]!.total) : 0 };
}

/** The user when they belong to this organisation (locked, so a concurrent sign-in waits for the sessions to end). */
export async function lockOrganisationUser(db: Queryable, clientId: string, userId: string): Promise<{ user_id: string; email: string } | null> {
  const { rows } = await db.query<{ user_id: string; email: string }>(
    "SELECT user_id::text, email FROM users WHERE user_id = $1 AND client_id = $2 FOR UPDATE",
    [userId, clientId],
  );
  return rows[0] ?? null;
}

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

export type ManagedUserRow = {
  user_id: string;
  email: string;
  display_name: string;
  role: string;
  client_id: string | null;
  disabled_at: Date | null;
  has_password: boolean;
  created_at: Date;
};

const COLUMNS = "user_id, email, display_name, role, client_id, disabled_at, password_hash IS NOT NULL AS has_password, created_at";

/** Null when the email already has a user (emails are unique across the bank: one sign-in form). */
export async function insertUser(
  db: Queryable,
  user: { userId: string; email: string; name: string; role: string; clientId: string | null; passwordHash: string | null },
): Promise<ManagedUserRow | null> {
  const { rows } = await db.query<ManagedUserRow>(
    `INSERT INTO users (user_id, email, display_name, password_hash, role, client_id) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (email) DO NOTHING RETURNING ${COLUMNS}`,
    [user.userId, user.email, user.name, user.passwordHash, user.role, user.clientId],
  );
  return rows[0] ?? null;
}

/** A client's user, or (clientId null) an operator; the scope is in the WHERE clause. */
export async function lockUser(db: Queryable, clientId: string | null, email: string): Promise<ManagedUserRow | null> {
  const { rows } = await db.query<ManagedUserRow>(`SELECT ${COLUMNS} FROM users WHERE lower(email) = $2 AND client_id IS NOT DISTINCT FROM $1 FOR UPDATE`, [
    clientId,
    email,
  ]);
  return rows[0] ?? null;
}

export async function listUsers(db: Queryable, clientId: string | null): Promise<ManagedUserRow[]> {
  const { rows } = await db.query<ManagedUserRow>(`SELECT ${COLUMNS} FROM users WHERE client_id IS NOT DISTINCT FROM $1 ORDER BY created_at, email`, [
    clientId,
  ]);
  return rows;
}

export async function updateUser(db: Queryable, userId: string, change: { role?: string; disabled?: boolean }): Promise<ManagedUserRow> {
  const { rows } = await db.query<ManagedUserRow>(
    `UPDATE users SET role = coalesce($2, role),
            disabled_at = CASE WHEN $3::boolean IS NULL THEN disabled_at WHEN $3 THEN coalesce(disabled_at, now()) END
      WHERE user_id = $1 RETURNING ${COLUMNS}`,
    [userId, change.role ?? null, change.disabled ?? null],
  );
  return rows[0]!;
}

export type OperatorRow = { user_id: string; email: string; display_name: string; second_factor_enrolled: boolean };

/** The operator of a live server-side session (lib/server/domain/auth/sessions.ts); null for anyone else. */
export async function findOperatorBySession(db: Queryable, sessionId: string, userId: string): Promise<OperatorRow | null> {
  const { rows } = await db.query<OperatorRow>(
    `SELECT u.user_id, u.email, u.display_name,
            EXISTS (SELECT 1 FROM user_second_factors f WHERE f.user_id = u.user_id AND f.confirmed_at IS NOT NULL) AS second_factor_enrolled
       FROM portal_sessions s JOIN users u ON u.user_id = s.user_id
      WHERE s.session_id = $1 AND s.user_id = $2 AND s.ended_at IS NULL AND s.expires_at > now()
        AND u.role = 'operator' AND u.client_id IS NULL AND u.disabled_at IS NULL`,
    [sessionId, userId],
  );
  return rows[0] ?? null;
}

/** The maker as the database says now: their role and their organisation's permissions (null: no longer its user). */
export async function makerNow(db: Queryable, clientId: string, userId: string): Promise<{ role: string; clientPermissions: string[] } | null> {
  const { rows } = await db.query<{ role: string; permissions: string[] }>(
    `SELECT u.role, c.permissions FROM users u JOIN clients c ON c.client_id = u.client_id
     WHERE u.user_id = $1 AND u.client_id = $2 AND c.suspended_at IS NULL`,
    [userId, clientId],
  );
  const row = rows[0];
  return row ? { role: row.role, clientPermissions: row.permissions } : null;
}

/** The user's role and organisation as the database says now (a token's role may be minutes old). */
export async function currentRole(db: Queryable, clientId: string, userId: string): Promise<string | null> {
  const { rows } = await db.query<{ role: string }>("SELECT role FROM users WHERE user_id = $1 AND client_id = $2", [userId, clientId]);
  return rows[0]?.role ?? null;
}
