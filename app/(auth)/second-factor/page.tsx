import type { Metadata } from "next";
import { redirect } from "next/navigation";
import QRCode from "qrcode";
import { EnrolmentForm } from "@/components/auth/enrolment-form";
import { SignOutLink } from "@/components/auth/sign-out-link";
import { beginEnrolment } from "@/lib/server/domain/auth/second-factor";
import { getEnrollingPerson } from "@/lib/server/entry/portal/enrolling-person";
import { signInPath } from "@/lib/server/entry/portal/session";
import { getRuntime } from "@/lib/server/entry/runtime";
import { safeReturnPath } from "@/lib/contract/auth/return-path";

export const metadata: Metadata = { title: "Set up your authenticator", referrer: "no-referrer" };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Groups of four, as authenticator apps show a typed secret. */
const spaced = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");

export default async function SecondFactorPage({ searchParams }: Props) {
  const params = await searchParams;
  const callbackUrl = safeReturnPath(Array.isArray(params.callbackUrl) ? params.callbackUrl[0] : params.callbackUrl);
  const user = await getEnrollingPerson();
  if (!user) redirect(signInPath(`/second-factor?callbackUrl=${encodeURIComponent(callbackUrl)}`));
  const { db } = await getRuntime();
  const enrolment = await beginEnrolment(db, { userId: user.id, email: user.email });
  if (!enrolment) redirect(callbackUrl);
  const qr = await QRCode.toDataURL(enrolment.uri, { margin: 1, width: 200, errorCorrectionLevel: "M" });

  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-lg font-semibold tracking-tight">Set up your authenticator app</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {user.mustEnrol
            ? "Your role moves money or controls who can, so Harbour asks for a code from your phone as well as your password. Set it up once to continue."
            : "Add a code from your phone to your password, so a stolen password alone cannot sign in as you."}
        </p>
        <EnrolmentForm qrDataUrl={qr} secret={spaced(enrolment.secret)} continueTo={callbackUrl} />
        <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
          Not now? <SignOutLink />
        </p>
      </div>
    </main>
  );
}
