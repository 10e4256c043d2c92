import "server-only";
import type { Principal } from "@/lib/server/core/auth/tokens";
import type { AuditContext } from "@/lib/server/core/audit/actors";
import type { Actor } from "@/lib/server/core/unit";
import { canApprove, type Role } from "@/lib/contract/auth/roles";
import { APPROVAL_RAIL_PERMISSIONS, type TApprovalRail } from "@/lib/contract/approvals/schema";
import { ApiError } from "@/lib/contract/http/errors";

/** A signed-in portal user acting through the API. */
export type PortalCaller = AuditContext & { userId: string; role: Role };

/**
 * Dual control is a portal feature: drafts and approvals are people's acts,
 * so an integration's token (no portal user) is refused.
 */
export function portalCallerOf(principal: Principal, actor: Actor): PortalCaller {
  const user = principal.portalUser;
  if (!user) throw new ApiError("FORBIDDEN", "Approvals are made by people signed in to the portal, not with an integration's token.");
  return { clientId: actor.clientId, actor: actor.actor, ip: actor.ip, correlationId: actor.correlationId, userId: user.id, role: user.role };
}

export function requireAdmin(caller: PortalCaller): void {
  if (caller.role !== "admin") throw new ApiError("FORBIDDEN", "Only an administrator can change approval policies.");
}

export function requireApprover(role: string | null): void {
  if (role === null || !canApprove(role as Role)) throw new ApiError("FORBIDDEN", "Only approvers and administrators can approve or reject payments.");
}

/** Drafting asks for the permission of the operation the draft will be submitted to: a draft is never a way around a role. */
export function requireRailPermission(scopes: ReadonlySet<string>, rail: TApprovalRail): void {
  const permission = APPROVAL_RAIL_PERMISSIONS[rail];
  if (!scopes.has(permission)) throw new ApiError("FORBIDDEN", `Drafting a ${rail} request requires the permission ${permission}.`);
}
