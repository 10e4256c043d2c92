"use client";

import Link from "next/link";
import { usePortalUser } from "@/components/portal-user";
import { buttonClass } from "@/components/ui/button";
import { hasRole } from "@/lib/contract/auth/roles";

/** Shown only to roles that may pay (treasurer, admin); a viewer sees nothing here. */
export function PayButtons({ from, size = "normal" }: { from?: string; size?: "normal" | "compact" }) {
  const user = usePortalUser();
  if (!hasRole(user.role, "treasurer")) return null;
  const query = from ? `?from=${encodeURIComponent(from)}` : "";
  const extra = size === "compact" ? "h-8 px-3" : undefined;
  return (
    <>
      <Link href={`/payments/ach/new${query}`} className={buttonClass("primary", extra)}>
        New ACH payment
      </Link>
      <Link href={`/payments/swift/new${query}`} className={buttonClass("secondary", extra)}>
        New SWIFT payment
      </Link>
      <Link href={`/payments/transfer/new${query}`} className={buttonClass("secondary", extra)}>
        Transfer between accounts
      </Link>
    </>
  );
}
