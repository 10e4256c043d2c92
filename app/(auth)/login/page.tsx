import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/auth/login-form";
import { EnvBadge } from "@/components/shell/env-badge";
import { getPortalUser } from "@/lib/server/entry/portal/session";
import { getConfig } from "@/lib/server/core/config";
import { getOperator } from "@/lib/server/entry/console/operator-session";
import { safeReturnPath } from "@/lib/contract/auth/return-path";

export const metadata: Metadata = { title: "Sign in" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? null;

export default async function LoginPage({ searchParams }: Props) {
  const params = await searchParams;
  const callbackUrl = first(params.callbackUrl);
  if (await getPortalUser()) redirect(safeReturnPath(callbackUrl));
  // Bank staff have no client pages: wherever they were going, their home is the operations area.
  if (await getOperator()) redirect("/operations");
  const env = getConfig().appEnv;
  const signedOut = first(params.signedOut);

  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex items-center justify-between">
          <div className="flex items-center gap-2">
            <svg viewBox="0 0 24 24" width="30" height="30" aria-hidden="true" className="text-brand-700 dark:text-brand-400">
              <rect x="1" y="1" width="22" height="22" rx="6" fill="currentColor" />
              <path d="M6 16.5c2-1.6 4-1.6 6 0s4 1.6 6 0M8 7v6M16 7v6M8 10h8" stroke="white" strokeWidth="1.8" fill="none" strokeLinecap="round" />
            </svg>
            <span className="text-lg font-semibold tracking-tight">Harbour</span>
          </div>
          <EnvBadge env={env} />
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <h1 className="text-lg font-semibold tracking-tight">Sign in to corporate banking</h1>
          <p className="mt-1 mb-6 text-sm text-slate-600 dark:text-slate-400">Use the work email your bank administrator registered.</p>
          {signedOut === "1" || signedOut === "idle" || signedOut === "expired" ? (
            <p role="status" className="mb-5 rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200">
              {signedOut === "idle"
                ? `You were signed out after ${Math.round(getConfig().portalIdleTimeoutSeconds / 60)} minutes without activity. Sign in again to continue.`
                : signedOut === "expired"
                  ? `Your session ended: after ${Math.round(getConfig().portalIdleTimeoutSeconds / 60)} minutes without activity, or it was ended from another device. Sign in again to continue where you were.`
                  : "You have signed out."}
            </p>
          ) : null}
          <LoginForm callbackUrl={callbackUrl} />
        </div>
        {env === "uat" ? (
          <p className="mt-6 text-center text-xs text-slate-600 dark:text-slate-400">
            UAT demo users: treasurer@acme.test, viewer@acme.test, approver@acme.test, admin@acme.test and admin@globex.test (password demo-password; the
            administrators and the approver also need a code: their authenticator keys are in the README).
          </p>
        ) : null}
      </div>
    </main>
  );
}
