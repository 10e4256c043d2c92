import { forgetAccessToken, markSigningOut } from "@/lib/portal/shared/api-client";

/**
 * Signs this browser out (the server ends the session and audits it) and
 * leaves with a full navigation, which drops every cached query of the user.
 */
export async function signOutOfPortal(): Promise<void> {
  markSigningOut(true);
  // next-auth's client loads on demand: every page can sign out, few do.
  const { signOut } = await import("next-auth/react");
  await signOut({ redirect: false });
  forgetAccessToken();
  window.location.assign("/login?signedOut=1");
}
