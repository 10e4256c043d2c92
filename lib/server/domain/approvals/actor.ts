import "server-only";
import type { Principal } from "@/lib/server/core/auth/tokens";
import type { AuditContext } from "@/lib/server/core/audit/actors";
import type { Actor } from "@/lib/server/core/unit";
import { canApprove, type Role } from "@/lib/contract/auth/roles";
import { APPROVAL_RAIL_PERMISSIONS, type TApprovalRail } from "@/lib/contract/approvals/schema";
import { ApiError } from "@/lib/contract/http/errors";
import { RAIL_PERMISSIONS, railsOf } from "@/lib/contract/payment-runs/schema";
import type { TRail } from "@/lib/contract/payments/schema";

/** The draft rails that are standing orders (lib/server/domain/approvals/standing-order-drafts.ts). */
type TStandingOrderDraftRail = "STANDING_ORDER" | "STANDING_ORDER_CHANGE";

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

/**
 * Drafting asks for the permission of the operation the draft will be submitted to: a draft is never a way around a role.
 * A payment run also needs each of its items' rail permissions, as POST /v1/payment-batches does.
 */
export function requireRailPermission(scopes: ReadonlySet<string>, draft: { rail: TApprovalRail | TStandingOrderDraftRail; request: unknown }): void {
  if (draft.rail === "STANDING_ORDER" || draft.rail === "STANDING_ORDER_CHANGE") {
    // A standing order's: `standing-orders`, and its rail's permission (a change: checked against the order when drafted).
    if (!scopes.has("standing-orders")) throw new ApiError("FORBIDDEN", "Drafting a standing order requires the permission standing-orders.");
    const rail = draft.rail === "STANDING_ORDER" ? (draft.request as { rail: TRail }).rail : null;
    if (rail && !scopes.has(RAIL_PERMISSIONS[rail]))
      throw new ApiError("FORBIDDEN", `A ${rail} standing order requires the permission ${RAIL_PERMISSIONS[rail]}.`);
    return;
  }
  const permission = APPROVAL_RAIL_PERMISSIONS[draft.rail];
  if (!scopes.has(permission)) throw new ApiError("FORBIDDEN", `Drafting a ${draft.rail} request requires the permission ${permission}.`);
  if (draft.rail !== "BATCH") return;
  const items = (draft.request as { items?: { rail: TRail }[] }).items ?? [];
  const missing = railsOf(items)
    .map((rail) => RAIL_PERMISSIONS[rail])
    .filter((p) => !scopes.has(p));
  if (missing.length > 0) throw new ApiError("FORBIDDEN", `This run has payments that need the permission ${missing.join(" and ")}.`);
}
