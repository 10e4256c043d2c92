import "server-only";
import type { Permission } from "@/lib/contract/auth/permissions";
import { scopesForRole } from "@/lib/contract/auth/roles";
import type { PortalUser } from "@/lib/server/entry/portal/session";
import { issueAccessToken, type IssuedToken } from "@/lib/server/core/auth/tokens";
import { getRuntime, type Runtime } from "@/lib/server/entry/runtime";

/**
 * The portal's tokens live five minutes (or less when TOKEN_TTL_S is lower):
 * long enough to page through an export, short enough that a role change or a
 * removed user stops working almost at once.
 */
export const PORTAL_TOKEN_TTL_S = 300;

function portalTokenSettings(config: Runtime["config"]) {
  return { ...config.jwt, ttlSeconds: Math.min(PORTAL_TOKEN_TTL_S, config.tokenTtlSeconds) };
}

/**
 * Mints an API access token for the signed-in user: the client's identity,
 * scoped to what the user's role allows of what the client holds. The portal
 * then calls /v1 with it like any other API client.
 */
export function mintPortalToken(
  runtime: Pick<Runtime, "bankKey" | "config">,
  user: Pick<PortalUser, "id" | "email" | "role" | "clientId" | "cif" | "clientPermissions" | "sessionId">,
): Promise<IssuedToken> {
  return issueAccessToken(runtime.bankKey, portalTokenSettings(runtime.config), {
    clientId: user.clientId,
    cif: user.cif,
    scopes: scopesForRole(user.role, user.clientPermissions),
    // The session rides along: once it ends (sign-out), the pipeline refuses the token.
    portalUser: { id: user.id, email: user.email, role: user.role, sessionId: user.sessionId },
  });
}

/**
 * A token for trying the API from a terminal (the API access page), carrying the requested scopes that the user's
 * role allows of what the client holds; null when none is. It carries the user and session like the portal's own
 * tokens: a token without them would be an integration's, which dual control and step-up do not stop, and would
 * outlive sign-out.
 */
export async function mintTestToken(
  user: Pick<PortalUser, "id" | "email" | "role" | "clientId" | "cif" | "clientPermissions" | "sessionId">,
  requested: readonly Permission[],
): Promise<IssuedToken | null> {
  const allowed = new Set(scopesForRole(user.role, user.clientPermissions));
  const scopes = requested.filter((s) => allowed.has(s));
  if (scopes.length === 0) return null;
  const runtime = await getRuntime();
  return issueAccessToken(runtime.bankKey, portalTokenSettings(runtime.config), {
    clientId: user.clientId,
    cif: user.cif,
    scopes,
    portalUser: { id: user.id, email: user.email, role: user.role, sessionId: user.sessionId },
  });
}
