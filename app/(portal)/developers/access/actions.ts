"use server";

import { ZTokenHelper, type TestTokenResult } from "@/lib/contract/auth/token-helper-schema";
import { assertRole, PortalAuthError } from "@/lib/server/entry/portal/session";
import { mintTestToken } from "@/lib/server/entry/portal/access-token";

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
    const issued = await mintTestToken(user, parsed.data.scopes);
    if (!issued) return { ok: false, message: "None of those scopes is available to your client." };
    return { ok: true, accessToken: issued.access_token, scope: issued.scope, expiresAt: Date.now() + issued.expires_in * 1000 };
  } catch (error) {
    if (error instanceof PortalAuthError) return { ok: false, message: error.message };
    throw error;
  }
}
