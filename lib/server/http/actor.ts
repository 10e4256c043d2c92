import "server-only";
import { clientActor, userActor } from "@/lib/server/audit/actors";
import type { AuditActor } from "@/lib/server/audit/write";
import type { Principal } from "@/lib/server/auth/tokens";

/**
 * Who made this request, from where, under which correlation id: built once by the pipeline
 * (lib/server/http/endpoint.ts) and handed to the handler as `ctx.actor`, so services and audit rows take it from
 * there instead of each rebuilding it from the principal and the headers. Its fields are AuditEntry's, so an audit
 * row is `writeAudit(tx, { ...ctx.actor, action, entity, entityId })`.
 */
export type RequestActor = {
  /** The organisation acting (the token's client). */
  clientId: string;
  /** `user:<id>` when a portal user acts through a portal token, else `client:<clientId>`. */
  actor: AuditActor;
  /** The portal user behind the token, or null for an API client's own token. */
  portalUserId: string | null;
  /** The caller's address (lib/server/http/client-ip.ts), or null when unknown. */
  ip: string | null;
  correlationId: string;
};

export function requestActor(principal: Principal, ip: string | null, correlationId: string): RequestActor {
  const user = principal.portalUser;
  return {
    clientId: principal.clientId,
    actor: user ? userActor(user.id) : clientActor(principal.clientId),
    portalUserId: user?.id ?? null,
    ip,
    correlationId,
  };
}
