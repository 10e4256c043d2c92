import "server-only";
import type { Pool } from "pg";
import { userActor } from "@/lib/server/audit/actors";
import { writeAudit } from "@/lib/server/audit/write";
import type { FactorActor } from "@/lib/server/auth/second-factor";
import * as repo from "@/lib/server/auth/second-factor-repo";
import { withTransaction } from "@/lib/server/db/transaction";
import type { Queryable } from "@/lib/server/db/types";
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
 * An administrator removes a person's authenticator and recovery codes (a
 * lost phone): they enrol again at their next page view (admins and
 * approvers) or when they choose. Only within the administrator's own
 * organisation: another's user is not found, whatever the id.
 */
export async function resetSecondFactor(db: Pool, admin: FactorActor & { role: Role }, targetUserId: string): Promise<void> {
  if (admin.role !== "admin") throw new ApiError("FORBIDDEN", "Only an administrator can reset a second factor.");
  await withTransaction(db, async (tx) => {
    const target = await repo.lockTeamMember(tx, admin.clientId, targetUserId);
    if (!target) throw new ApiError("USER_NOT_FOUND", "There is no such person in your organisation.");
    const hadOne = await repo.deleteFactor(tx, targetUserId);
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
