"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Notice } from "@/components/ui/notice";
import { Pager } from "@/components/ui/pager";
import { SubscriptionFormCard } from "@/components/webhooks/subscription-form";
import { SubscriptionStatus } from "@/components/webhooks/subscription-status";
import { Button, buttonClass } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { ListTableBody } from "@/components/ui/list-table-body";
import { EmptyState } from "@/components/ui/state-message";
import { formatBankDateTime } from "@/lib/contract/time/date-format";
import { webhookKeys } from "@/lib/portal/shared/query-keys";
import { deactivateSubscription, fetchSubscriptions } from "@/lib/portal/webhooks/webhooks-api";
import type { TSubscription } from "@/lib/contract/webhooks/schema";
import { ListHead, WIDE_ONLY, wideOnly } from "@/components/ui/list-frame";
import { TableScroll } from "@/components/ui/table-scroll";
import { noLongerNotifies, TOPIC_WORDS } from "@/lib/portal/webhooks/topics";

const PAGE_SIZE = 10;
const TD = "px-5 py-3 align-middle";
const ROW = "h-[65px]";

function HeaderNames({ headers }: { headers: Record<string, string> }) {
  const names = Object.keys(headers);
  if (names.length === 0) return <span className="text-slate-500 dark:text-slate-400">None</span>;
  return <span className="font-mono text-xs text-slate-700 dark:text-slate-300">{names.join(", ")}</span>;
}

export function SubscriptionsView({ env }: { env: "uat" | "production" }) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<TSubscription | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const list = useQuery({
    queryKey: webhookKeys.subscriptionPage({ pageStart: page, pageSize: PAGE_SIZE }),
    queryFn: ({ signal }) => fetchSubscriptions({ pageStart: page, pageSize: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const deactivate = useMutation({
    mutationFn: (subscription: TSubscription) => deactivateSubscription(subscription.subscriptionId, crypto.randomUUID()),
    onSuccess: async (subscription) => {
      setTarget(null);
      setNotice(`Deactivated ${subscription.webhookUrl}. ${noLongerNotifies(subscription.topic)}`);
      queryClient.setQueryData(webhookKeys.subscription(subscription.subscriptionId), subscription);
      await queryClient.invalidateQueries({ queryKey: webhookKeys.subscriptions() });
    },
  });

  const total = list.data?.meta.pagination.total_size ?? null;
  const rows = list.data?.data ?? [];

  return (
    <div className="grid gap-6 2xl:grid-cols-[1fr_24rem]">
      <Card aria-labelledby="subscriptions-title" className="min-w-0 self-start">
        <CardHeader id="subscriptions-title" title="Subscriptions" description="Active and inactive, newest first." />
        <div aria-live="polite" className="empty:hidden border-b border-slate-200 px-5 py-3 dark:border-slate-800">
          {notice ? <Notice>{notice}</Notice> : null}
        </div>
        <TableScroll>
          {/* At phone width one column: the URL (a link to its log), its topic, status and Deactivate under it. */}
          <table className="w-full text-sm sm:min-w-[48rem]" aria-busy={list.isFetching}>
            <caption className="sr-only">Webhook subscriptions, page {page}</caption>
            <ListHead
              padding="px-5 py-2.5"
              columns={["Callback URL", wideOnly("Topic"), wideOnly("Status"), wideOnly("Custom headers"), wideOnly("Actions", { srOnly: true })]}
            />
            <ListTableBody
              query={list}
              columns={5}
              skeleton={
                <>
                  {Array.from({ length: 4 }, (_, i) => (
                    <tr key={i} className={ROW}>
                      <td className={TD}>
                        <Skeleton className="h-4 w-64" />
                        <Skeleton className="mt-1.5 h-3 w-32" />
                      </td>
                      <td className={`${TD} ${WIDE_ONLY}`}>
                        <Skeleton className="h-4 w-28" />
                      </td>
                      <td className={`${TD} ${WIDE_ONLY}`}>
                        <Skeleton className="h-5 w-14" />
                      </td>
                      <td className={`${TD} ${WIDE_ONLY}`}>
                        <Skeleton className="h-4 w-20" />
                      </td>
                      <td className={`${TD} ${WIDE_ONLY}`}>
                        <Skeleton className="ml-auto h-8 w-44" />
                      </td>
                    </tr>
                  ))}
                </>
              }
              errorTitle="Subscriptions could not be loaded"
              empty={
                total === 0 ? (
                  <EmptyState title="No subscriptions yet">
                    Add a callback URL to be told of deposits, payments, approvals or finished jobs as they happen.
                  </EmptyState>
                ) : (
                  <EmptyState title="This page is past the end">There are {total} subscriptions; go back a page.</EmptyState>
                )
              }
              rows={rows.map((s) => {
                const deactivateButton = s.isActive ? (
                  <Button
                    className="h-8 px-2.5"
                    onClick={() => {
                      deactivate.reset();
                      setTarget(s);
                    }}
                  >
                    Deactivate<span className="sr-only"> {s.webhookUrl}</span>
                  </Button>
                ) : null;
                return (
                  <tr key={s.subscriptionId} className={`${ROW} hover:bg-slate-50 dark:hover:bg-slate-800/50`}>
                    <td className={`${TD} max-w-[20rem]`}>
                      <Link
                        href={`/webhooks/subscriptions/${s.subscriptionId}`}
                        className="block font-mono break-all sm:truncate text-[13px] font-medium text-slate-900 hover:text-brand-700 hover:underline dark:text-slate-100 dark:hover:text-brand-300"
                        title={s.webhookUrl}
                      >
                        {s.webhookUrl}
                      </Link>
                      <span className="text-xs text-slate-600 dark:text-slate-400">Created {formatBankDateTime(s.createdUtc)}</span>
                      <span className="block text-xs text-slate-700 sm:hidden dark:text-slate-300">{TOPIC_WORDS[s.topic].label}</span>
                      <span className="mt-2 flex items-center gap-3 sm:hidden">
                        <SubscriptionStatus active={s.isActive} />
                        {deactivateButton}
                      </span>
                    </td>
                    <td className={`${TD} ${WIDE_ONLY}`}>
                      <span className="block text-slate-800 dark:text-slate-200">{TOPIC_WORDS[s.topic].label}</span>
                      <span className="font-mono text-xs text-slate-600 dark:text-slate-400">{s.topic}</span>
                    </td>
                    <td className={`${TD} ${WIDE_ONLY}`}>
                      <SubscriptionStatus active={s.isActive} />
                    </td>
                    <td className={`${TD} ${WIDE_ONLY}`}>
                      <HeaderNames headers={s.customHeaders} />
                    </td>
                    <td className={`${TD} ${WIDE_ONLY} text-right whitespace-nowrap`}>
                      <Link href={`/webhooks/subscriptions/${s.subscriptionId}`} className={buttonClass("ghost", "h-8 px-2.5")}>
                        Delivery log<span className="sr-only"> of {s.webhookUrl}</span>
                      </Link>
                      {deactivateButton ? <span className="ml-1">{deactivateButton}</span> : null}
                    </td>
                  </tr>
                );
              })}
            />
          </table>
        </TableScroll>
        <Pager page={page} size={PAGE_SIZE} total={total} busy={list.isFetching} noun="subscriptions" onPage={setPage} />
      </Card>

      <SubscriptionFormCard
        env={env}
        onCreated={() => {
          setNotice(null);
          setPage(1);
        }}
      />

      <ConfirmDialog
        open={target !== null}
        title="Deactivate this subscription?"
        confirmLabel="Deactivate"
        busyLabel="Deactivating…"
        destructive
        busy={deactivate.isPending}
        error={deactivate.error?.message ?? null}
        onConfirm={() => target && deactivate.mutate(target)}
        onClose={() => setTarget(null)}
      >
        <p className="font-mono text-xs break-all">{target?.webhookUrl}</p>
        <p>
          {target ? TOPIC_WORDS[target.topic].events : "New events"} will no longer be sent to this URL. Deliveries already queued are still sent, and the
          delivery log stays available.
        </p>
        <p>A subscription cannot be reactivated: create a new one to resume.</p>
      </ConfirmDialog>
    </div>
  );
}
