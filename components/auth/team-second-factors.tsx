"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { resetPersonSecondFactor } from "@/app/(portal)/security/actions";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/state-message";
import { Notice } from "@/components/ui/notice";
import { formatBankDateTime } from "@/lib/contract/time/date-format";
import { withStepUp } from "@/lib/portal/shared/step-up-action";
import { ROLE_LABELS, type Role } from "@/lib/contract/auth/roles";
import { TableScroll } from "@/components/ui/table-scroll";

type Member = { userId: string; email: string; name: string; role: Role; required: boolean; enrolledAt: string | null };

/** Administrators: who has two-step sign-in, and a reset for a lost phone (audited). */
export function TeamSecondFactors({ members, currentUserId }: { members: Member[]; currentUserId: string }) {
  const router = useRouter();
  const [target, setTarget] = useState<Member | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const confirm = async () => {
    if (!target) return;
    setBusy(true);
    setError(null);
    const userId = target.userId;
    const result = await withStepUp(() => resetPersonSecondFactor(userId), "Nothing was changed: the authenticator is still set up.");
    setBusy(false);
    if (!result.ok) return setError(result.message);
    setDone(`${target.name}'s authenticator was removed. ${target.required ? "They will set up a new one at their next sign-in." : ""}`);
    setTarget(null);
    router.refresh();
  };

  return (
    <Card aria-labelledby="team-title">
      <CardHeader
        id="team-title"
        title="Your organisation"
        description="Administrators and approvers must use an authenticator app; for others it is optional."
      />
      {done ? (
        <div className="px-5 pt-4">
          <Notice>{done}</Notice>
        </div>
      ) : null}
      {members.length === 0 ? (
        <EmptyState title="No people yet">Your bank adds the people of your organisation.</EmptyState>
      ) : (
        <TableScroll>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Two-step sign-in of each person</caption>
            <thead className="text-xs text-slate-600 uppercase dark:text-slate-400">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium sm:px-5">
                  Person
                </th>
                <th scope="col" className="hidden px-5 py-2 font-medium sm:table-cell">
                  Role
                </th>
                <th scope="col" className="px-3 py-2 font-medium sm:px-5">
                  Authenticator
                </th>
                <th scope="col" className="px-3 py-2 font-medium sm:px-5">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {members.map((m) => (
                <tr key={m.userId}>
                  <td className="px-3 py-3 sm:px-5">
                    <div className="font-medium text-slate-900 dark:text-slate-100">{m.name}</div>
                    <div className="wrap-anywhere text-slate-600 dark:text-slate-400">{m.email}</div>
                    {/* At phone width the role goes under the person: three columns fit a 390 px screen, four did not. */}
                    <div className="text-slate-600 sm:hidden dark:text-slate-400">{ROLE_LABELS[m.role] ?? m.role}</div>
                  </td>
                  <td className="hidden px-5 py-3 sm:table-cell">{ROLE_LABELS[m.role] ?? m.role}</td>
                  <td className="px-3 py-3 sm:px-5">
                    {m.enrolledAt ? (
                      <Badge tone="green">Set up {formatBankDateTime(m.enrolledAt)}</Badge>
                    ) : (
                      <Badge tone={m.required ? "amber" : "neutral"}>{m.required ? "Not set up: asked at next sign-in" : "Not set up"}</Badge>
                    )}
                  </td>
                  <td className="px-3 py-3 text-right sm:px-5">
                    {m.enrolledAt && m.userId !== currentUserId ? (
                      <Button onClick={() => setTarget(m)} aria-label={`Reset ${m.name}'s authenticator`}>
                        Reset…
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <ConfirmDialog
        open={target !== null}
        title={`Reset ${target?.name ?? ""}'s authenticator?`}
        confirmLabel="Reset authenticator"
        busyLabel="Resetting…"
        busy={busy}
        error={error}
        destructive
        onConfirm={() => void confirm()}
        onClose={() => {
          setTarget(null);
          setError(null);
        }}
      >
        Their app and recovery codes stop working at once. Do this only when you are sure it is them asking, for example after a lost phone.
      </ConfirmDialog>
    </Card>
  );
}
