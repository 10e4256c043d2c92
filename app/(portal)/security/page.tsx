import type { Metadata } from "next";
import Link from "next/link";
import { RecoveryCodesRenewal } from "@/components/auth/recovery-codes-renewal";
import { TeamSecondFactors } from "@/components/auth/team-second-factors";
import { buttonClass } from "@/components/ui/button";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { ownSecondFactor, teamSecondFactors } from "@/lib/server/domain/auth/second-factor-team";
import { requirePortalUser } from "@/lib/server/entry/portal/session";
import { getRuntime } from "@/lib/server/entry/runtime";
import { formatBankDateTime } from "@/lib/contract/time/date-format";
import { secondFactorRequired } from "@/lib/contract/auth/second-factor";

export const metadata: Metadata = { title: "Sign-in security" };

export default async function SecurityPage() {
  const user = await requirePortalUser("/security");
  const { db } = await getRuntime();
  const own = await ownSecondFactor(db, user.id);
  const team = user.role === "admin" ? await teamSecondFactors(db, user.clientId) : null;
  const required = secondFactorRequired(user.role);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Sign-in security"
        description="Two-step sign-in: your password and a code from an authenticator app on your phone. Approving payments, changing policies, revealing the webhook signing secret and making new recovery codes ask for a fresh code after five minutes."
      />
      <Card aria-labelledby="own-title">
        <CardHeader
          id="own-title"
          title="Your authenticator app"
          description={required ? "Required for your role." : "Optional for your role, and recommended."}
        />
        <div className="px-5 py-4 text-sm">
          {own.enrolledAt ? (
            <>
              <p className="flex flex-wrap items-center gap-2">
                <Badge tone="green">On</Badge>
                <span>
                  Set up {formatBankDateTime(own.enrolledAt)}.{" "}
                  {own.recoveryCodesLeft > 0 ? `${own.recoveryCodesLeft} of 10 recovery codes left.` : "No recovery codes left."}
                </span>
              </p>
              <RecoveryCodesRenewal />
            </>
          ) : (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="flex items-center gap-2">
                <Badge tone="amber">Off</Badge>
                <span>Only your password protects your sign-in.</span>
              </p>
              <Link href="/second-factor?callbackUrl=%2Fsecurity" className={buttonClass("primary")}>
                Set up an authenticator app
              </Link>
            </div>
          )}
          <p className="mt-3 text-slate-600 dark:text-slate-400">
            Lost your phone? Sign in with a recovery code, or ask an administrator of your organisation to reset it.
          </p>
        </div>
      </Card>
      {team ? <TeamSecondFactors members={team} currentUserId={user.id} /> : null}
    </div>
  );
}
