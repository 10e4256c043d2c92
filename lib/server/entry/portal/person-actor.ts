import "server-only";
import type { RequestOrigin } from "@/lib/server/core/request-origin";
import { userActor, type AuditContext } from "@/lib/server/core/audit/actors";
import { clientIpOf } from "@/lib/server/entry/http/client-ip";
import { correlationIdOf } from "@/lib/server/entry/http/correlation";

/** The origin of a request outside the /v1 pipeline (its X-Correlation-Id when safe, else a new one). */
export function requestOrigin(headers: Headers): RequestOrigin & { correlationId: string } {
  return { ip: clientIpOf(headers), correlationId: correlationIdOf(headers) };
}

/**
 * The actor of a signed-in person's request outside the /v1 pipeline (the portal's own routes under app/api/portal,
 * its server actions, an operator's step-up): the person, their organisation ("" for an operator: the bank's), the
 * request's address and correlation id, as the pipeline's `ctx.actor` is for a /v1 call. Its fields fit FactorActor
 * (lib/server/domain/auth/second-factor.ts) too.
 */
export function personActor(user: { id: string; clientId: string }, headers: Headers): AuditContext & { userId: string } {
  return { clientId: user.clientId, actor: userActor(user.id), userId: user.id, ...requestOrigin(headers) };
}
