import type { Role } from "@/lib/contract/auth/roles";
import { mintPortalToken } from "@/lib/server/portal/access-token";
import { getRuntime } from "@/lib/server/runtime";

/** The token the portal would mint for a demo user (app/api/portal/token), without a browser session. */
export async function portalTokenFor(email: string): Promise<string> {
  const runtime = await getRuntime();
  const { rows } = await runtime.db.query<{ user_id: string; email: string; role: Role; client_id: string; cif: string; permissions: string[] }>(
    "SELECT u.user_id, u.email, u.role, u.client_id, c.cif, c.permissions FROM users u JOIN clients c USING (client_id) WHERE u.email = $1",
    [email],
  );
  const u = rows[0];
  if (!u) throw new Error(`no demo user ${email}`);
  const user = { id: u.user_id, email: u.email, role: u.role, clientId: u.client_id, cif: u.cif, clientPermissions: u.permissions };
  return (await mintPortalToken(runtime, user)).access_token;
}
