"use client";

import { signOutOfPortal } from "@/lib/portal/shared/sign-out";

export function SignOutLink() {
  return (
    <button
      type="button"
      onClick={() => void signOutOfPortal()}
      className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-300"
    >
      Sign out
    </button>
  );
}
