import "server-only";
import type { Pool } from "pg";
import { userActor } from "@/lib/server/core/audit/actors";
import { writeAudit } from "@/lib/server/core/audit/write";
import { requireFreshSecondFactor, type FactorActor } from "@/lib/server/domain/auth/second-factor";
import { endSessionsAudited } from "@/lib/server/domain/auth/session-audit";
import * as repo from "@/lib/server/domain/auth/second-factor-repo";
import { withTransaction } from "@/lib/server/core/db/transaction";
import type { Queryable } from "@/lib/server/core/db/types";
import { isRole, type Role } from "@/lib/contract/auth/roles";
import { secondFactorRequired } from "@/lib/contract/auth/second-factor";
import { ApiError } from "@/lib/contract/http/errors";

/**
 * The second factor as Sign-in security shows it (app/(portal)/security):
 * the person's own state, their organisation's people for an administrator,
 * and an administrator's reset of a colleague's lost authenticator.
 */

export type TeamMember = { userId: string; email: string; name: string; role: Role; required: boolean; enrolledAt: string | null };

export async function teamSecondFactors(db: Queryable, clientId: string): Promise<TeamMember[]> {
  return (await repo.listTeam(db, clientId)).map((r) => ({
    userId: r.user_id,
    email: r.email,
    name: r.display_name,
    role: r.role,
    required: isRole(r.role) && secondFactorRequired(r.role),
    enrolledAt: r.enrolled_at?.toISOString() ?? null,
  }));
}

export type OwnSecondFactor = { enrolledAt: string | null; recoveryCodesLeft: number };

export async function ownSecondFactor(db: Queryable, userId: string): Promise<OwnSecondFactor> {
  const factor = await repo.findFactor(db, userId);
  return {
    enrolledAt: factor?.confirmed_at?.toISOString() ?? null,
    recoveryCodesLeft: factor?.confirmed_at ? await repo.countUnusedRecoveryCodes(db, userId) : 0,
  };
}

/**
 * An administrator removes a colleague's authenticator and recovery codes (a
 * lost phone): they sign in again on their password and enrol at their next
 * page view (admins and approvers) or when they choose. Behind step-up, never
 * for oneself (a session whose proof went stale must not swap in its own new
 * authenticator: another administrator, or the bank, resets it), and it ends
 * every session of the person, so a copied session cannot enrol in their
 * place. Only within the administrator's own organisation: another's user is
 * not found, whatever the id.
 */
export async function resetSecondFactor(db: Pool, admin: FactorActor & { role: Role; sessionId: string }, targetUserId: string): Promise<void> {
  if (admin.role !== "admin") throw new ApiError("FORBIDDEN", "Only an administrator can reset a second factor.");
  if (targetUserId === admin.userId)
    throw new ApiError("FORBIDDEN", "You cannot reset your own authenticator: ask another administrator of your organisation, or your bank.");
  await requireFreshSecondFactor(db, admin.sessionId);
  await withTransaction(db, async (tx) => {
    const target = await repo.lockTeamMember(tx, admin.clientId, targetUserId);
    if (!target) throw new ApiError("USER_NOT_FOUND", "There is no such person in your organisation.");
    const hadOne = await repo.deleteFactor(tx, targetUserId);
    const by = { actor: userActor(admin.userId), ip: admin.ip ?? null, correlationId: admin.correlationId ?? null };
    await endSessionsAudited(tx, by, { userId: targetUserId, clientId: admin.clientId, email: target.email }, "second-factor-reset");
    await writeAudit(tx, {
      clientId: admin.clientId,
      actor: userActor(admin.userId),
      action: "second_factor.reset",
      entity: "user",
      entityId: targetUserId,
      data: { email: target.email },
      before: { enrolled: hadOne },
      after: { enrolled: false },
      ip: admin.ip,
      correlationId: admin.correlationId,
    });
  });
}
