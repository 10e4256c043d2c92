"use server";

import { scopesForRole } from "@/lib/contract/auth/roles";
import { assertRole, PortalAuthError } from "@/lib/server/auth/session";
import { issueAccessToken } from "@/lib/server/auth/tokens";
import { PORTAL_TOKEN_TTL_S } from "@/lib/server/portal/access-token";
import { ZTokenHelper } from "@/lib/contract/auth/token-helper-schema";
import { getRuntime } from "@/lib/server/runtime";

export type TestTokenResult =
  | { ok: true; accessToken: string; scope: string; expiresAt: number }
  | { ok: false; message: string };

/**
 * Issues a short-lived token for trying the API from a terminal. Admins only:
 * the role is checked here, not just by hiding the page, because a server
 * action is an endpoint anyone can post to. Scopes are cut to what the admin
 * role and the client allow, whatever the form sent.
 */
export async function issueTestToken(input: unknown): Promise<TestTokenResult> {
  try {
    const user = await assertRole("admin");
    const parsed = ZTokenHelper.safeParse(input);
    if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? "Invalid request." };
    const allowed = new Set(scopesForRole(user.role, user.clientPermissions));
    const scopes = parsed.data.scopes.filter((s) => allowed.has(s));
    if (scopes.length === 0) return { ok: false, message: "None of those scopes is available to your client." };
    const runtime = await getRuntime();
    const issued = await issueAccessToken(
      runtime.bankKey,
      { ...runtime.config.jwt, ttlSeconds: Math.min(PORTAL_TOKEN_TTL_S, runtime.config.tokenTtlSeconds) },
      { clientId: user.clientId, cif: user.cif, scopes },
    );
    return { ok: true, accessToken: issued.access_token, scope: issued.scope, expiresAt: Date.now() + issued.expires_in * 1000 };
  } catch (error) {
    if (error instanceof PortalAuthError) return { ok: false, message: error.message };
    throw error;
  }
}
