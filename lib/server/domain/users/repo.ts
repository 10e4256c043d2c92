import "server-only";
import type { Role } from "@/lib/contract/auth/roles";
import type { Queryable } from "@/lib/server/core/db/types";

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
