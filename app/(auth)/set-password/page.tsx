import type { Metadata } from "next";
import { SetPasswordForm } from "@/components/auth/set-password-form";

export const metadata: Metadata = { title: "Set your password", referrer: "no-referrer" };

export default function SetPasswordPage() {
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-lg font-semibold tracking-tight">Set your Harbour password</h1>
        <p className="mt-1 mb-6 text-sm text-slate-600 dark:text-slate-400">
          Your bank sent you this single-use link. Choose the password you will sign in with.
        </p>
        <SetPasswordForm />
      </div>
    </main>
  );
}
