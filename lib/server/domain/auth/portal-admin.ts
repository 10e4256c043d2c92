import "server-only";
import type { Principal } from "@/lib/server/core/auth/tokens";
import { ApiError } from "@/lib/contract/http/errors";

/**
 * For what only an organisation's portal administrators may see or do (its
 * audit log, its users' sessions): an integration's token names no person, and
 * the other roles see only what their own pages show.
 */
export function requirePortalAdmin(principal: Principal, refusal: string): void {
  if (principal.portalUser?.role !== "admin") throw new ApiError("FORBIDDEN", refusal);
}
