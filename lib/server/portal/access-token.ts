import "server-only";
import { scopesForRole } from "@/lib/contract/auth/roles";
import type { PortalUser } from "@/lib/server/auth/session";
import { issueAccessToken, type IssuedToken } from "@/lib/server/auth/tokens";
import type { Runtime } from "@/lib/server/runtime";

/**
 * The portal's tokens live five minutes (or less when TOKEN_TTL_S is lower):
 * long enough to page through an export, short enough that a role change or a
 * removed user stops working almost at once.
 */
export const PORTAL_TOKEN_TTL_S = 300;

/**
 * Mints an API access token for the signed-in user: the client's identity,
 * scoped to what the user's role allows of what the client holds. The portal
 * then calls /v1 with it like any other API client.
 */
export function mintPortalToken(
  runtime: Pick<Runtime, "bankKey" | "config">,
  user: Pick<PortalUser, "id" | "email" | "role" | "clientId" | "cif" | "clientPermissions" | "sessionId">,
): Promise<IssuedToken> {
  const ttlSeconds = Math.min(PORTAL_TOKEN_TTL_S, runtime.config.tokenTtlSeconds);
  return issueAccessToken(
    runtime.bankKey,
    { ...runtime.config.jwt, ttlSeconds },
    {
      clientId: user.clientId,
      cif: user.cif,
      scopes: scopesForRole(user.role, user.clientPermissions),
      // The session rides along: once it ends (sign-out), the pipeline refuses the token.
      portalUser: { id: user.id, email: user.email, role: user.role, sessionId: user.sessionId },
    },
  );
}
