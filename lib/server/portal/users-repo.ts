import "server-only";
import type { Role } from "@/lib/contract/auth/roles";
import type { Queryable } from "@/lib/server/db/types";

/** The only SQL of portal sign-in and sessions. */

export type UserCredentialsRow = {
  user_id: string;
  email: string;
  display_name: string;
  password_hash: string;
  role: Role;
  client_id: string;
};

export async function findUserByEmail(db: Queryable, email: string): Promise<UserCredentialsRow | null> {
  const { rows } = await db.query<UserCredentialsRow>(
    "SELECT user_id, email, display_name, password_hash, role, client_id FROM users WHERE lower(email) = $1",
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
};

/** Read on every page and token mint, so a changed role or a removed user takes effect at once. */
export async function findPortalUser(db: Queryable, userId: string): Promise<PortalUserRow | null> {
  const { rows } = await db.query<PortalUserRow>(
    `SELECT u.user_id, u.email, u.display_name, u.role, u.client_id, c.name AS client_name, c.cif, c.permissions
       FROM users u JOIN clients c ON c.client_id = u.client_id
      WHERE u.user_id = $1`,
    [userId],
  );
  return rows[0] ?? null;
}

export type ThrottlePolicy = { maxFailures: number; windowSeconds: number; lockSeconds: number };

/** When the address is locked, the end of the lock; otherwise null. */
export async function activeLockUntil(db: Queryable, email: string): Promise<Date | null> {
  const { rows } = await db.query<{ locked_until: Date }>(
    "SELECT locked_until FROM portal_login_attempts WHERE email = $1 AND locked_until > now()",
    [email],
  );
  return rows[0]?.locked_until ?? null;
}

/**
 * Counts a failure in one statement, so parallel attempts cannot slip past the
 * limit. Failures older than the window, or from before an expired lock, no
 * longer count.
 */
export async function recordLoginFailure(db: Queryable, email: string, policy: ThrottlePolicy): Promise<Date | null> {
  const count = `CASE WHEN a.last_failed_at < now() - make_interval(secs => $3) OR a.locked_until <= now() THEN 1
                      ELSE a.failed_attempts + 1 END`;
  const { rows } = await db.query<{ locked_until: Date | null }>(
    `INSERT INTO portal_login_attempts AS a (email, failed_attempts, last_failed_at, locked_until)
     VALUES ($1, 1, now(), CASE WHEN $2 <= 1 THEN now() + make_interval(secs => $4) END)
     ON CONFLICT (email) DO UPDATE SET
       failed_attempts = ${count},
       last_failed_at = now(),
       locked_until = CASE WHEN ${count} >= $2 THEN now() + make_interval(secs => $4) END
     RETURNING locked_until`,
    [email, policy.maxFailures, policy.windowSeconds, policy.lockSeconds],
  );
  return rows[0]?.locked_until ?? null;
}

export async function clearLoginFailures(db: Queryable, email: string): Promise<void> {
  await db.query("DELETE FROM portal_login_attempts WHERE email = $1", [email]);
}
