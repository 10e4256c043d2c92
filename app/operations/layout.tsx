import type { ReactNode } from "react";
import Link from "next/link";
import { StepUpPrompt } from "@/components/auth/step-up-prompt";
import { SignOutButton } from "@/components/operations/sign-out-button";
import { EnvBadge } from "@/components/shell/env-badge";
import { getConfig } from "@/lib/server/core/config";
import { getOperator, refuseNonOperators } from "@/lib/server/entry/console/operator-session";

/**
 * The Bank operations frame, apart from the client portal's shell: operators
 * never see client pages, clients never see this. Each page is its own gate
 * (requireOperator); this layout draws the frame for an operator and answers
 * a client's user with a 404 status before any page streams.
 */
export default async function OperationsLayout({ children }: { children: ReactNode }) {
  const operator = await getOperator();
  if (!operator) {
    await refuseNonOperators();
    return children;
  }
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div className="flex items-center gap-3">
            <Link href="/operations" className="text-base font-semibold tracking-tight">
              Harbour · Bank operations
            </Link>
            <EnvBadge env={getConfig().appEnv} />
            <nav aria-label="Operations" className="flex items-center gap-3 text-sm">
              <Link href="/operations" className="text-slate-700 hover:underline dark:text-slate-300">
                Clients
              </Link>
              <Link href="/operations/reference" className="text-slate-700 hover:underline dark:text-slate-300">
                Reference data
              </Link>
              <Link href="/operations/system" className="text-slate-700 hover:underline dark:text-slate-300">
                Service
              </Link>
            </nav>
          </div>
          <div className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
            <span className="hidden sm:inline">{operator.email}</span>
            <SignOutButton />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-6">{children}</main>
      {/* Role changes ask for a fresh code (lib/server/entry/console/console-actions.ts). */}
      <StepUpPrompt proveAt="/api/operations/step-up" enrolAt="/second-factor?callbackUrl=%2Foperations" />
    </div>
  );
}
