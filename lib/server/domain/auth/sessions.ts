import "server-only";
import { randomUUID } from "node:crypto";
import type { Queryable } from "@/lib/server/core/db/types";
import { isSessionId } from "@/lib/server/core/auth/session-id";

/**
 * Portal sessions, kept server-side in `portal_sessions` (its SQL lives here, plus
 * the one join in lib/server/domain/users/repo.ts that reads the user with it; endRanOutSessions reads each one's
 * organisation for its audit row).
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

/**
 * Opens a session for a user who has just proven who they are. It lasts
 * `lifetimeSeconds` at most; with `idleSeconds`, only that long after the
 * last activity (touchSession): `expires_at` is the sooner of the two, so every
 * liveness check, in SQL anywhere, enforces the idle timeout without knowing it.
 */
export async function startSession(db: Queryable, userId: string, lifetimeSeconds: number, idleSeconds: number = lifetimeSeconds): Promise<LiveSession> {
  const { rows } = await db.query<SessionRow>(
    `INSERT INTO portal_sessions (session_id, user_id, expires_at, max_expires_at)
     VALUES ($1, $2, now() + make_interval(secs => least($3::int, $4::int)), now() + make_interval(secs => $3::int))
     RETURNING session_id, user_id, created_at, last_seen_at, expires_at`,
    [randomUUID(), userId, lifetimeSeconds, idleSeconds],
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

/**
 * Records the user's activity: the session now idles out `idleSeconds` from
 * now, never after its absolute end. Returns the session as it now is, or null
 * when it was no longer live (an expired session is not revived).
 */
export async function touchSession(db: Queryable, sessionId: string, idleSeconds: number): Promise<LiveSession | null> {
  if (!isSessionId(sessionId)) return null;
  const { rows } = await db.query<SessionRow>(
    `UPDATE portal_sessions SET last_seen_at = now(), expires_at = least(max_expires_at, now() + make_interval(secs => $2::int))
      WHERE session_id = $1 AND ended_at IS NULL AND expires_at > now()
      RETURNING session_id, user_id, created_at, last_seen_at, expires_at`,
    [sessionId, idleSeconds],
  );
  return rows[0] ? toSession(rows[0]) : null;
}

/** Ends one session; returns false when it was not live. */
export async function endSession(db: Queryable, sessionId: unknown, reason: string): Promise<boolean> {
  if (!isSessionId(sessionId)) return false;
  const { rowCount } = await db.query(
    "UPDATE portal_sessions SET ended_at = now(), ended_reason = $2 WHERE session_id = $1 AND ended_at IS NULL AND expires_at > now()",
    [sessionId, reason],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * Ends every live session of a user (sign out everywhere, admin action, disabled user); returns how many. One that
 * has already run out is left to endRanOutSessions, which records when and why it ended.
 */
export async function endSessionsOfUser(db: Queryable, userId: string, reason: string): Promise<number> {
  const { rowCount } = await db.query(
    "UPDATE portal_sessions SET ended_at = now(), ended_reason = $2 WHERE user_id = $1 AND ended_at IS NULL AND expires_at > now()",
    [userId, reason],
  );
  return rowCount ?? 0;
}

export type RanOutSession = { sessionId: string; userId: string; clientId: string | null; email: string; reason: "idle" | "expired"; endedAt: Date };

/**
 * Marks up to `limit` sessions that ran out (past `expires_at`, never ended) as ended at that moment: reason `idle`
 * when the idle timeout ended it before its absolute end, else `expired`. Already dead to every liveness check; this
 * records the end (lib/server/domain/auth/session-expiry.ts audits each). SKIP LOCKED: two sweepers never take the same one.
 */
export async function endRanOutSessions(db: Queryable, limit: number): Promise<RanOutSession[]> {
  const { rows } = await db.query<{
    session_id: string;
    user_id: string;
    client_id: string | null;
    email: string;
    ended_reason: "idle" | "expired";
    ended_at: Date;
  }>(
    `WITH due AS (
       SELECT session_id FROM portal_sessions WHERE ended_at IS NULL AND expires_at <= now()
        ORDER BY expires_at LIMIT $1 FOR UPDATE SKIP LOCKED
     ), ended AS (
       UPDATE portal_sessions s
          SET ended_at = s.expires_at, ended_reason = CASE WHEN s.expires_at < s.max_expires_at THEN 'idle' ELSE 'expired' END
         FROM due WHERE s.session_id = due.session_id
       RETURNING s.session_id, s.user_id, s.ended_reason, s.ended_at
     )
     SELECT e.session_id, e.user_id, u.client_id, u.email, e.ended_reason, e.ended_at
       FROM ended e JOIN users u ON u.user_id = e.user_id ORDER BY e.ended_at, e.session_id`,
    [limit],
  );
  return rows.map((r) => ({ sessionId: r.session_id, userId: r.user_id, clientId: r.client_id, email: r.email, reason: r.ended_reason, endedAt: r.ended_at }));
}

/** Sessions ended or expired more than `keepSeconds` ago are never read again. */
export async function purgeSessions(db: Queryable, keepSeconds = 30 * 24 * 60 * 60): Promise<number> {
  const { rowCount } = await db.query("DELETE FROM portal_sessions WHERE coalesce(ended_at, expires_at) < now() - make_interval(secs => $1)", [keepSeconds]);
  return rowCount ?? 0;
}
