import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";

/** The only SQL of portal users' administration and set-password links. */

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

/** A new link voids the user's unused older ones: only the latest one works. */
export async function insertPasswordLink(db: Queryable, tokenHash: Buffer, userId: string, purpose: "invite" | "reset", ttlHours: number): Promise<Date> {
  await db.query("UPDATE password_links SET used_at = now() WHERE user_id = $1 AND used_at IS NULL", [userId]);
  const { rows } = await db.query<{ expires_at: Date }>(
    `INSERT INTO password_links (token_hash, user_id, purpose, expires_at) VALUES ($1, $2, $3, now() + make_interval(hours => $4))
     RETURNING expires_at`,
    [tokenHash, userId, purpose, ttlHours],
  );
  return rows[0]!.expires_at;
}

/**
 * Spends a link and sets the password in one statement: a link works once,
 * before it expires, for a user who is not disabled. Returns the user, or
 * null when the link is unknown, spent, expired or its user disabled.
 */
export async function spendPasswordLink(
  db: Queryable,
  tokenHash: Buffer,
  passwordHash: string,
): Promise<{ user_id: string; email: string; client_id: string | null } | null> {
  const { rows } = await db.query<{ user_id: string; email: string; client_id: string | null }>(
    `WITH link AS (
       UPDATE password_links l SET used_at = now()
        WHERE l.token_hash = $1 AND l.used_at IS NULL AND l.expires_at > now()
          AND EXISTS (SELECT 1 FROM users u WHERE u.user_id = l.user_id AND u.disabled_at IS NULL)
        RETURNING l.user_id)
     UPDATE users u SET password_hash = $2 FROM link WHERE u.user_id = link.user_id
     RETURNING u.user_id, u.email, u.client_id`,
    [tokenHash, passwordHash],
  );
  return rows[0] ?? null;
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
