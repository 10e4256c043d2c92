import "server-only";
import type { Principal } from "@/lib/server/auth/tokens";
import { userActor } from "@/lib/server/audit/actors";
import { clientIpOf } from "@/lib/server/http/client-ip";
import { canApprove, type Role } from "@/lib/contract/auth/roles";
import { ApiError } from "@/lib/contract/http/errors";

/** A signed-in portal user acting through the API, with what every audit row of theirs carries. */
export type AuditContext = { clientId: string; actor: string; ip: string | null; correlationId: string };

export type PortalCaller = AuditContext & { userId: string; role: Role };

/**
 * Dual control is a portal feature: drafts and approvals are people's acts,
 * so an integration's token (no portal user) is refused.
 */
export function portalCallerOf(principal: Principal, request: Request, correlationId: string): PortalCaller {
  const user = principal.portalUser;
  if (!user) throw new ApiError("FORBIDDEN", "Approvals are made by people signed in to the portal, not with an integration's token.");
  return {
    clientId: principal.clientId,
    userId: user.id,
    role: user.role,
    actor: userActor(user.id),
    ip: clientIpOf(request.headers),
    correlationId,
  };
}

export function requireAdmin(caller: PortalCaller): void {
  if (caller.role !== "admin") throw new ApiError("FORBIDDEN", "Only an administrator can change approval policies.");
}

export function requireApprover(role: string | null): void {
  if (role === null || !canApprove(role as Role)) throw new ApiError("FORBIDDEN", "Only approvers and administrators can approve or reject payments.");
}
