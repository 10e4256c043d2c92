"use client";

import { Button } from "@/components/ui/button";

/** Ends the operator's server-side session (next-auth's signOut event) and returns to sign-in. */
export function SignOutButton() {
  const signOutNow = async () => {
    const { signOut } = await import("next-auth/react");
    await signOut({ redirect: false });
    window.location.assign("/login?signedOut=1");
  };
  return (
    <Button variant="ghost" onClick={signOutNow}>
      Sign out
    </Button>
  );
}
