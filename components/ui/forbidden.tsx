import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import { ROLE_LABELS, type Role } from "@/lib/contract/auth/roles";

/** Shown in place of a page the user's role may not open (HTTP cannot carry a 403 from a page render). */
export function Forbidden({ required, actual }: { required: Role; actual: Role }) {
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <p className="text-sm font-semibold text-red-700 dark:text-red-400">403 · Access denied</p>
      <h1 className="mt-2 text-xl font-semibold tracking-tight">This page is for {ROLE_LABELS[required].toLowerCase()}s</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        You are signed in as a {ROLE_LABELS[actual].toLowerCase()}. Ask your organisation&apos;s administrator if you need this access.
      </p>
      <Link href="/dashboard" className={buttonClass("secondary", "mt-6")}>
        Back to the dashboard
      </Link>
    </div>
  );
}
