import "server-only";
import type { Principal } from "@/lib/server/core/auth/tokens";
import type { Queryable } from "@/lib/server/core/db/types";
import type { RequestActor } from "@/lib/server/core/actor";
import { requirePortalAdmin } from "@/lib/server/domain/auth/portal-admin";
import { endSessionsAudited } from "@/lib/server/domain/auth/session-audit";
import { pagedList, type PageQuery } from "@/lib/server/core/lists/list";
import { lockOrganisationUser, organisationUsersPage, type OrganisationUserRow } from "@/lib/server/domain/users/repo";
import { ApiError } from "@/lib/contract/http/errors";
import type { TOrganisationUser, TOrganisationUserList, TSessionsEnded } from "@/lib/contract/users/schema";

function toUser(r: OrganisationUserRow): TOrganisationUser {
  return {
    userId: r.user_id,
    email: r.email,
    name: r.display_name,
    role: r.role,
    status: r.status,
    liveSessions: r.live_sessions,
    lastActiveAt: r.last_active_at?.toISOString() ?? null,
  };
}

/** GET /v1/users. */
export function listOrganisationUsers(db: Queryable, principal: Principal, query: PageQuery, secret: string): Promise<TOrganisationUserList> {
  requirePortalAdmin(principal, "Only your organisation's portal administrators can see its users.");
  const clientId = principal.clientId;
  return pagedList(secret, { clientId, endpoint: "GET /v1/users", filters: {} }, query, async (page) => {
    const { rows, total } = await organisationUsersPage(db, clientId, page);
    return { items: rows.map(toUser), total };
  });
}

/**
 * DELETE /v1/users/{userId}/sessions, in the caller's transaction: every live
 * session of the user ends (reason `admin`), with its audit row. A user of
 * another organisation is answered as unknown. An administrator may end their
 * own sessions too; this one included, which signs them out.
 */
export async function endSessionsAsAdmin(tx: Queryable, principal: Principal, actor: RequestActor, userId: string): Promise<TSessionsEnded> {
  requirePortalAdmin(principal, "Only your organisation's portal administrators can end its users' sessions.");
  const user = await lockOrganisationUser(tx, actor.clientId, userId);
  if (!user) throw new ApiError("USER_NOT_FOUND", `No user ${userId} in your organisation.`);
  const ended = await endSessionsAudited(tx, actor, { userId, clientId: actor.clientId, email: user.email }, "admin");
  return { data: { userId, ended } };
}
