"use client";

import { Button } from "@/components/ui/button";
import { signOutOfPortal } from "@/lib/portal/shared/sign-out";

/** Ends the operator's server-side session (next-auth's signOut event) and returns to sign-in. */
export function SignOutButton() {
  return (
    <Button variant="ghost" onClick={() => void signOutOfPortal()}>
      Sign out
    </Button>
  );
}
