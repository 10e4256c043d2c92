import "server-only";
import type { Runtime } from "@/lib/server/core/runtime";
import type { PaymentOptions } from "@/lib/server/domain/payments/submit";

export const SANDBOX_SIMULATE_HEADER = "Sandbox-Simulate";

/** A request's payment options; fault simulation exists only in uat (decisions §5). */
export function paymentOptionsOf(runtime: Runtime, request: Request | null): PaymentOptions {
  const simulate = request && runtime.config.appEnv === "uat" ? (request.headers.get(SANDBOX_SIMULATE_HEADER)?.trim().toUpperCase() ?? null) : null;
  return { lockTimeoutMs: runtime.config.dedupeLockTimeoutMs, simulate };
}
