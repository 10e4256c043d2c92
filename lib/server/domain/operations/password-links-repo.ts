import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";

/** The only SQL of set-password links (invitations and resets). */

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

const LIVE = "l.used_at IS NULL AND l.expires_at > now() AND EXISTS (SELECT 1 FROM users u WHERE u.user_id = l.user_id AND u.disabled_at IS NULL)";

/** Whether a link would be spent now (unused, unexpired, its user not disabled): checked before the password's KDF runs. */
export async function isLivePasswordLink(db: Queryable, tokenHash: Buffer): Promise<boolean> {
  const { rowCount } = await db.query(`SELECT 1 FROM password_links l WHERE l.token_hash = $1 AND ${LIVE}`, [tokenHash]);
  return (rowCount ?? 0) > 0;
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
        WHERE l.token_hash = $1 AND ${LIVE}
        RETURNING l.user_id)
     UPDATE users u SET password_hash = $2 FROM link WHERE u.user_id = link.user_id
     RETURNING u.user_id, u.email, u.client_id`,
    [tokenHash, passwordHash],
  );
  return rows[0] ?? null;
}
