import "server-only";
import { randomUUID } from "node:crypto";
import type { Queryable } from "@/lib/server/db/types";

/**
 * Portal sessions, kept server-side in `portal_sessions` (its SQL lives here, plus
 * the one join in lib/server/portal/users-repo.ts that reads the user with it).
 * The session cookie (next-auth's JWT) carries only the session id (`sid`)
 * besides the user; the portal's API tokens carry it too. A session is live
 * while it is not ended and not past `expires_at`; every page, server action
 * and API call made with a portal token checks that, so ending a session
 * (sign-out, "sign out everywhere", a disabled user) takes effect at once.
 *
 * API for other features (idle timeout, admin "end all sessions of a user",
 * step-up): `startSession`, `liveSession`, `touchSession`, `endSession`,
 * `endSessionsOfUser`. `reason` is a short machine word kept for audit
 * (`sign-out`, `sign-out-everywhere`, `idle`, `admin`, `user-disabled`, ...).
 */

export type LiveSession = { sessionId: string; userId: string; createdAt: Date; lastSeenAt: Date; expiresAt: Date };

type SessionRow = { session_id: string; user_id: string; created_at: Date; last_seen_at: Date; expires_at: Date };

const toSession = (row: SessionRow): LiveSession => ({
  sessionId: row.session_id,
  userId: row.user_id,
  createdAt: row.created_at,
  lastSeenAt: row.last_seen_at,
  expiresAt: row.expires_at,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `value` can be a session id (so a forged claim never reaches a uuid cast). */
export function isSessionId(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** Opens a session for a user who has just proven who they are. */
export async function startSession(db: Queryable, userId: string, lifetimeSeconds: number): Promise<LiveSession> {
  const { rows } = await db.query<SessionRow>(
    `INSERT INTO portal_sessions (session_id, user_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))
     RETURNING session_id, user_id, created_at, last_seen_at, expires_at`,
    [randomUUID(), userId, lifetimeSeconds],
  );
  return toSession(rows[0]!);
}

/** The session when it is live, else null (ended, expired, unknown or malformed id). */
export async function liveSession(db: Queryable, sessionId: unknown): Promise<LiveSession | null> {
  if (!isSessionId(sessionId)) return null;
  const { rows } = await db.query<SessionRow>(
    `SELECT session_id, user_id, created_at, last_seen_at, expires_at FROM portal_sessions
      WHERE session_id = $1 AND ended_at IS NULL AND expires_at > now()`,
    [sessionId],
  );
  return rows[0] ? toSession(rows[0]) : null;
}

/** Records activity (for an idle timeout); returns false when the session is no longer live. */
export async function touchSession(db: Queryable, sessionId: string): Promise<boolean> {
  if (!isSessionId(sessionId)) return false;
  const { rowCount } = await db.query(
    "UPDATE portal_sessions SET last_seen_at = now() WHERE session_id = $1 AND ended_at IS NULL AND expires_at > now()",
    [sessionId],
  );
  return (rowCount ?? 0) > 0;
}

/** Ends one session; returns false when it was not live. */
export async function endSession(db: Queryable, sessionId: unknown, reason: string): Promise<boolean> {
  if (!isSessionId(sessionId)) return false;
  const { rowCount } = await db.query(
    "UPDATE portal_sessions SET ended_at = now(), ended_reason = $2 WHERE session_id = $1 AND ended_at IS NULL",
    [sessionId, reason],
  );
  return (rowCount ?? 0) > 0;
}

/** Ends every live session of a user (sign out everywhere, admin action, disabled user); returns how many. */
export async function endSessionsOfUser(db: Queryable, userId: string, reason: string): Promise<number> {
  const { rowCount } = await db.query(
    "UPDATE portal_sessions SET ended_at = now(), ended_reason = $2 WHERE user_id = $1 AND ended_at IS NULL",
    [userId, reason],
  );
  return rowCount ?? 0;
}

/** Sessions ended or expired more than `keepSeconds` ago are never read again. */
export async function purgeSessions(db: Queryable, keepSeconds = 30 * 24 * 60 * 60): Promise<number> {
  const { rowCount } = await db.query(
    "DELETE FROM portal_sessions WHERE coalesce(ended_at, expires_at) < now() - make_interval(secs => $1)",
    [keepSeconds],
  );
  return rowCount ?? 0;
}
