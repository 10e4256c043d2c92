import "server-only";
import type { Principal } from "@/lib/server/auth/tokens";
import type { Runtime } from "@/lib/server/runtime";
import type { PaymentContext } from "@/lib/server/payments/submit";

export const SANDBOX_SIMULATE_HEADER = "Sandbox-Simulate";

/** The submission context of a request; fault simulation exists only in uat (decisions §5). */
export function paymentContextOf(runtime: Runtime, principal: Principal, request: Request): PaymentContext {
  const simulate = runtime.config.appEnv === "uat" ? request.headers.get(SANDBOX_SIMULATE_HEADER)?.trim().toUpperCase() ?? null : null;
  return {
    clientId: principal.clientId,
    // A portal user is named (audit convention 'user:<uuid>'); an integration acts as its client.
    actor: principal.portalUser ? `user:${principal.portalUser.id}` : `client:${principal.clientId}`,
    submittedBy: principal.portalUser ? { userId: principal.portalUser.id, email: principal.portalUser.email } : null,
    now: new Date(),
    lockTimeoutMs: runtime.config.dedupeLockTimeoutMs,
    simulate,
  };
}
