import "server-only";
import type { Principal } from "@/lib/server/auth/tokens";
import type { RequestActor } from "@/lib/server/http/actor";
import type { Runtime } from "@/lib/server/runtime";
import type { PaymentContext } from "@/lib/server/payments/submit";

export const SANDBOX_SIMULATE_HEADER = "Sandbox-Simulate";

/** The submission context of a request; fault simulation exists only in uat (decisions §5). The audit row names ctx.actor, its address and correlation id. */
export function paymentContextOf(runtime: Runtime, principal: Principal, actor: RequestActor, request: Request): PaymentContext {
  const simulate = runtime.config.appEnv === "uat" ? (request.headers.get(SANDBOX_SIMULATE_HEADER)?.trim().toUpperCase() ?? null) : null;
  return {
    clientId: principal.clientId,
    actor: actor.actor,
    ip: actor.ip,
    correlationId: actor.correlationId,
    submittedBy: principal.portalUser ? { userId: principal.portalUser.id, email: principal.portalUser.email } : null,
    now: new Date(),
    lockTimeoutMs: runtime.config.dedupeLockTimeoutMs,
    simulate,
  };
}
