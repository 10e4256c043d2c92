import type { Role } from "@/lib/contract/auth/roles";
import { startSession } from "@/lib/server/domain/auth/sessions";
import { recordProof } from "@/lib/server/domain/auth/second-factor";
import { mintPortalToken } from "@/lib/server/entry/portal/access-token";
import { getRuntime } from "@/lib/server/entry/runtime";

export type PortalSessionToken = { token: string; sessionId: string; userId: string };

/**
 * The token the portal would mint for a demo user (app/api/portal/token),
 * inside a fresh server-side session (portal_sessions), without a browser.
 */
export async function portalSessionFor(email: string, idleSeconds?: number): Promise<PortalSessionToken> {
  const runtime = await getRuntime();
  const { rows } = await runtime.db.query<{ user_id: string; email: string; role: Role; client_id: string; cif: string; permissions: string[] }>(
    "SELECT u.user_id, u.email, u.role, u.client_id, c.cif, c.permissions FROM users u JOIN clients c USING (client_id) WHERE u.email = $1",
    [email],
  );
  const u = rows[0];
  if (!u) throw new Error(`no demo user ${email}`);
  const { sessionId } = await startSession(runtime.db, u.user_id, 3600, idleSeconds);
  // As if signed in with the second factor just now: step-up actions pass for the next minutes.
  await recordProof(runtime.db, sessionId);
  const user = { id: u.user_id, email: u.email, role: u.role, clientId: u.client_id, cif: u.cif, clientPermissions: u.permissions, sessionId };
  return { token: (await mintPortalToken(runtime, user)).access_token, sessionId, userId: u.user_id };
}

export async function portalTokenFor(email: string): Promise<string> {
  return (await portalSessionFor(email)).token;
}
