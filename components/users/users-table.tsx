"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { usePortalUser } from "@/components/portal-user";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Notice } from "@/components/ui/notice";
import { Pager } from "@/components/ui/pager";
import { Skeleton } from "@/components/ui/skeleton";
import { ListTableBody } from "@/components/ui/list-table-body";
import { EmptyState } from "@/components/ui/state-message";
import { ROLE_LABELS } from "@/lib/contract/auth/roles";
import type { TOrganisationUser } from "@/lib/contract/users/schema";
import { PAGE_SIZES } from "@/lib/portal/accounts/account-filters";
import { formatBankDateTime } from "@/lib/contract/time/date-format";
import { userKeys } from "@/lib/portal/shared/query-keys";
import { signOutOfPortal } from "@/lib/portal/shared/sign-out";
import { endUserSessions, fetchUsersPage } from "@/lib/portal/users/users-api";
import { ListHead, WIDE_ONLY, wideOnly } from "@/components/ui/list-frame";
import { TableScroll } from "@/components/ui/table-scroll";

const TD = "px-4 py-2 align-middle";
/**
 * Hidden at phone width, where the person's cell says the role and the sessions' cell the last activity and holds
 * the button: two columns fit a 390 px screen, five did not.
 */
const WIDE = WIDE_ONLY;
const COLUMN_CLASSES = ["", WIDE, "", WIDE, WIDE] as const;
const COLUMNS = COLUMN_CLASSES.length;
const STATUS = { active: "green", invited: "blue", disabled: "neutral" } as const;

const sessionsText = (n: number) => (n === 0 ? "Not signed in" : n === 1 ? "1 session" : `${n} sessions`);
const lastActive = (user: TOrganisationUser) => (user.lastActiveAt ? formatBankDateTime(user.lastActiveAt) : "Never");

/** A user's role, and whether they have not yet accepted or have been disabled. */
function RoleText({ user }: { user: TOrganisationUser }) {
  return (
    <>
      {ROLE_LABELS[user.role]}{" "}
      {user.status !== "active" ? (
        <Badge tone={STATUS[user.status]} className="ml-1">
          {user.status === "invited" ? "Invited" : "Disabled"}
        </Badge>
      ) : null}
    </>
  );
}

/**
 * The organisation's people with their role and whether they are signed in;
 * an administrator ends all of a user's sessions (a lost laptop, someone
 * leaving) behind a confirmation.
 */
export function UsersTable() {
  const me = usePortalUser();
  const queryClient = useQueryClient();
  const [pageStart, setPageStart] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [target, setTarget] = useState<TOrganisationUser | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const users = useQuery({
    queryKey: userKeys.page({ pageStart, pageSize }),
    queryFn: ({ signal }) => fetchUsersPage({ pageStart, pageSize }, signal),
    placeholderData: keepPreviousData,
  });
  const end = useMutation({
    mutationFn: (user: TOrganisationUser) => endUserSessions(user.userId),
    onSuccess: async (result, user) => {
      setTarget(null);
      if (user.email === me.email) {
        // Their own sessions, this one included: the cookie goes too.
        await signOutOfPortal();
        return;
      }
      const n = result.data.ended;
      setDone(`${user.name} is signed out everywhere (${n === 1 ? "1 session" : `${n} sessions`} ended).`);
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
  const rows = users.data?.data ?? [];
  const total = users.data?.meta.pagination.total_size ?? null;

  return (
    <>
      {done ? <Notice>{done}</Notice> : null}
      <Card>
        <TableScroll>
          <table className="w-full text-sm sm:min-w-[44rem]" aria-busy={users.isFetching}>
            <caption className="sr-only">Your organisation&apos;s portal users</caption>
            <ListHead columns={["Person", wideOnly("Role"), "Signed in", wideOnly("Last active"), wideOnly("Actions", { srOnly: true })]} />
            <ListTableBody
              query={users}
              columns={COLUMNS}
              skeleton={
                <>
                  {Array.from({ length: 4 }, (_, i) => (
                    <tr key={i}>
                      {COLUMN_CLASSES.map((wide, j) => (
                        <td key={j} className={`${TD} ${wide}`}>
                          <Skeleton className="h-4 w-24" />
                        </td>
                      ))}
                    </tr>
                  ))}
                </>
              }
              errorTitle="Users could not be loaded"
              empty={
                <EmptyState title={total !== 0 ? "This page is past the end" : "No users yet"}>
                  {total !== 0 ? "Go back a page." : "Your bank adds your organisation's people."}
                </EmptyState>
              }
              rows={rows.map((user) => {
                const endButton = (
                  <Button
                    disabled={user.liveSessions === 0}
                    aria-label={`End sessions of ${user.name}`}
                    onClick={() => {
                      end.reset();
                      setDone(null);
                      setTarget(user);
                    }}
                  >
                    End sessions
                  </Button>
                );
                return (
                  <tr key={user.userId}>
                    <td className={TD}>
                      <span className="block font-medium">
                        {user.name}
                        {user.email === me.email ? <span className="font-normal text-slate-600 dark:text-slate-400"> (you)</span> : null}
                      </span>
                      <span className="block text-xs wrap-break-word text-slate-600 dark:text-slate-400">{user.email}</span>
                      <span className="mt-0.5 block sm:hidden">
                        <RoleText user={user} />
                      </span>
                    </td>
                    <td className={`${TD} ${WIDE}`}>
                      <RoleText user={user} />
                    </td>
                    <td className={TD}>
                      {sessionsText(user.liveSessions)}
                      <span className="block text-xs text-slate-600 sm:hidden dark:text-slate-400">Last active {lastActive(user)}</span>
                      <span className="mt-2 block sm:hidden">{endButton}</span>
                    </td>
                    <td className={`${TD} ${WIDE} tabular-nums`}>{lastActive(user)}</td>
                    <td className={`${TD} ${WIDE} text-right`}>{endButton}</td>
                  </tr>
                );
              })}
            />
          </table>
        </TableScroll>
        <Pager
          page={pageStart}
          size={pageSize}
          total={total}
          busy={users.isFetching}
          noun="users"
          onPage={setPageStart}
          sizes={PAGE_SIZES}
          onSize={(s) => {
            setPageSize(s);
            setPageStart(1);
          }}
        />
      </Card>
      <ConfirmDialog
        open={target !== null}
        title={target ? `End every session of ${target.name}?` : ""}
        confirmLabel="End sessions"
        busyLabel="Ending sessions…"
        busy={end.isPending}
        destructive
        error={end.isError ? (end.error instanceof Error ? end.error.message : "The sessions could not be ended.") : null}
        onConfirm={() => target && end.mutate(target)}
        onClose={() => setTarget(null)}
      >
        <p>
          {target?.email === me.email
            ? "This signs you out here and on every other device."
            : `${target?.name ?? "They"} will be signed out on every device at once, and must sign in again to continue.`}{" "}
          Your organisation&apos;s audit log records it.
        </p>
      </ConfirmDialog>
    </>
  );
}
