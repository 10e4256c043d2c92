import "server-only";
import { clientActor, userActor } from "@/lib/server/core/audit/actors";
import type { Principal } from "@/lib/server/core/auth/tokens";
import type { Actor } from "@/lib/server/core/unit";

/**
 * Who made this request, from where, under which correlation id: built once by the pipeline
 * (lib/server/entry/http/endpoint.ts) and handed to the handler as `ctx.actor` and inside `ctx.unit`, so use cases and
 * audit rows take it from there instead of each rebuilding it from the principal and the headers.
 */
export type RequestActor = Actor & { correlationId: string };

export function requestActor(principal: Principal, ip: string | null, correlationId: string): RequestActor {
  const user = principal.portalUser;
  return {
    clientId: principal.clientId,
    actor: user ? userActor(user.id) : clientActor(principal.clientId),
    person: user ? { userId: user.id, email: user.email } : null,
    ip,
    correlationId,
  };
}
