import "server-only";
import type { Role } from "@/lib/contract/auth/roles";
import type { Queryable } from "@/lib/server/core/db/types";

/** The only SQL of the second factor (user_second_factors, user_recovery_codes; migrations/0016_second_factor.sql). */

export type FactorRow = { secret_sealed: string; confirmed_at: Date | null; last_time_step: string | null };

export async function findFactor(db: Queryable, userId: string, options: { lock?: boolean } = {}): Promise<FactorRow | null> {
  const { rows } = await db.query<FactorRow>(
    `SELECT secret_sealed, confirmed_at, last_time_step::text FROM user_second_factors WHERE user_id = $1${options.lock ? " FOR UPDATE" : ""}`,
    [userId],
  );
  return rows[0] ?? null;
}

/** A new enrolment replaces one that was never confirmed; a confirmed factor is kept (returns false). */
export async function insertPendingFactor(db: Queryable, userId: string, secretSealed: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO user_second_factors (user_id, secret_sealed) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET secret_sealed = EXCLUDED.secret_sealed, created_at = now(), last_time_step = NULL
       WHERE user_second_factors.confirmed_at IS NULL`,
    [userId, secretSealed],
  );
  return (rowCount ?? 0) > 0;
}

/** An authenticator set up outright (the UAT demo users' published secrets). */
export async function insertConfirmedFactor(db: Queryable, email: string, sealed: (userId: string) => string): Promise<void> {
  const { rows } = await db.query<{ user_id: string }>("SELECT user_id FROM users WHERE lower(email) = lower($1)", [email]);
  const userId = rows[0]?.user_id;
  if (!userId) throw new Error(`no user ${email}`);
  await db.query("INSERT INTO user_second_factors (user_id, secret_sealed, confirmed_at) VALUES ($1, $2, now())", [userId, sealed(userId)]);
}

export async function confirmFactor(db: Queryable, userId: string, timeStep: number, at: Date): Promise<void> {
  await db.query("UPDATE user_second_factors SET confirmed_at = $3, last_time_step = $2 WHERE user_id = $1", [userId, timeStep, at]);
}

/** Moves the replay guard forward, never back (two servers verifying at once agree on the newest step). */
export async function advanceTimeStep(db: Queryable, userId: string, timeStep: number): Promise<void> {
  await db.query("UPDATE user_second_factors SET last_time_step = greatest(coalesce(last_time_step, 0), $2) WHERE user_id = $1", [userId, timeStep]);
}

export async function replaceRecoveryCodes(db: Queryable, userId: string, hashes: readonly string[]): Promise<void> {
  await db.query("DELETE FROM user_recovery_codes WHERE user_id = $1", [userId]);
  await db.query("INSERT INTO user_recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])", [userId, hashes]);
}

/** Spends a recovery code in one statement, so two sign-ins racing with it cannot both win. */
export async function spendRecoveryCode(db: Queryable, userId: string, hash: string, at: Date): Promise<boolean> {
  const { rowCount } = await db.query("UPDATE user_recovery_codes SET used_at = $3 WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL", [
    userId,
    hash,
    at,
  ]);
  return (rowCount ?? 0) > 0;
}

export async function countUnusedRecoveryCodes(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM user_recovery_codes WHERE user_id = $1 AND used_at IS NULL", [userId]);
  return rows[0]?.n ?? 0;
}

/** Removes a user's authenticator and recovery codes; returns whether a confirmed one existed. */
export async function deleteFactor(db: Queryable, userId: string): Promise<boolean> {
  await db.query("DELETE FROM user_recovery_codes WHERE user_id = $1", [userId]);
  const { rows } = await db.query<{ confirmed: boolean }>(
    "DELETE FROM user_second_factors WHERE user_id = $1 RETURNING confirmed_at IS NOT NULL AS confirmed",
    [userId],
  );
  return rows[0]?.confirmed ?? false;
}

export type TeamMemberRow = { user_id: string; email: string; display_name: string; role: Role; enrolled_at: Date | null };

/** The people of one organisation with their second factor's state (disabled users are left out). */
export async function listTeam(db: Queryable, clientId: string): Promise<TeamMemberRow[]> {
  const { rows } = await db.query<TeamMemberRow>(
    `SELECT u.user_id, u.email, u.display_name, u.role, f.confirmed_at AS enrolled_at
       FROM users u LEFT JOIN user_second_factors f ON f.user_id = u.user_id
      WHERE u.client_id = $1 AND u.disabled_at IS NULL ORDER BY lower(u.email)`,
    [clientId],
  );
  return rows;
}

/** A user of this organisation, locked for a change; null for another organisation's user (or none). */
export async function lockTeamMember(db: Queryable, clientId: string, userId: string): Promise<{ email: string; role: Role } | null> {
  const { rows } = await db.query<{ email: string; role: Role }>("SELECT email, role FROM users WHERE user_id = $1 AND client_id = $2 FOR UPDATE", [
    userId,
    clientId,
  ]);
  return rows[0] ?? null;
}

/**
 * The session proved the second factor at `at` (sign-in, enrolment, a step-up
 * prompt). Kept here rather than in sessions.ts: it is the second factor's
 * column of portal_sessions, read only for step-up.
 */
export async function markSessionSecondFactor(db: Queryable, sessionId: string, at: Date): Promise<boolean> {
  const { rowCount } = await db.query("UPDATE portal_sessions SET second_factor_at = $2 WHERE session_id = $1 AND ended_at IS NULL AND expires_at > now()", [
    sessionId,
    at,
  ]);
  return (rowCount ?? 0) > 0;
}

/** When a live session last proved the second factor, and whether its user has one now. */
export async function sessionSecondFactor(db: Queryable, sessionId: string): Promise<{ provedAt: Date | null; enrolled: boolean } | null> {
  const { rows } = await db.query<{ proved_at: Date | null; enrolled: boolean }>(
    `SELECT s.second_factor_at AS proved_at, f.confirmed_at IS NOT NULL AS enrolled
       FROM portal_sessions s LEFT JOIN user_second_factors f ON f.user_id = s.user_id
      WHERE s.session_id = $1 AND s.ended_at IS NULL AND s.expires_at > now()`,
    [sessionId],
  );
  const row = rows[0];
  return row ? { provedAt: row.proved_at, enrolled: row.enrolled } : null;
}
