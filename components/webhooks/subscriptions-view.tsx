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
import { formatBankDateTime } from "@/lib/portal/shared/date-format";
import { webhookKeys } from "@/lib/portal/shared/query-keys";
import { deactivateSubscription, fetchSubscriptions } from "@/lib/portal/webhooks/webhooks-api";
import type { TSubscription } from "@/lib/contract/webhooks/schema";
import { ListHead } from "@/components/ui/list-frame";

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
      setNotice(`Deactivated ${subscription.webhookUrl}. New deposits no longer notify it.`);
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
        <div className="relative overflow-x-auto">
          <table className="w-full min-w-[40rem] text-sm" aria-busy={list.isFetching}>
            <caption className="sr-only">Webhook subscriptions, page {page}</caption>
            <ListHead padding="px-5 py-2.5" columns={["Callback URL", "Status", "Custom headers", { label: "Actions", align: "right", srOnly: true }]} />
            <ListTableBody
              query={list}
              columns={4}
              skeleton={
                <>
                  {Array.from({ length: 4 }, (_, i) => (
                    <tr key={i} className={ROW}>
                      <td className={TD}>
                        <Skeleton className="h-4 w-64" />
                        <Skeleton className="mt-1.5 h-3 w-32" />
                      </td>
                      <td className={TD}>
                        <Skeleton className="h-5 w-14" />
                      </td>
                      <td className={TD}>
                        <Skeleton className="h-4 w-20" />
                      </td>
                      <td className={TD}>
                        <Skeleton className="ml-auto h-8 w-44" />
                      </td>
                    </tr>
                  ))}
                </>
              }
              errorTitle="Subscriptions could not be loaded"
              empty={
                total === 0 ? (
                  <EmptyState title="No subscriptions yet">Add a callback URL to be told about every deposit as it lands.</EmptyState>
                ) : (
                  <EmptyState title="This page is past the end">There are {total} subscriptions; go back a page.</EmptyState>
                )
              }
              rows={rows.map((s) => (
                <tr key={s.subscriptionId} className={`${ROW} hover:bg-slate-50 dark:hover:bg-slate-800/50`}>
                  <td className={`${TD} max-w-[28rem]`}>
                    <Link
                      href={`/webhooks/subscriptions/${s.subscriptionId}`}
                      className="block truncate font-mono text-[13px] font-medium text-slate-900 hover:text-brand-700 hover:underline dark:text-slate-100 dark:hover:text-brand-300"
                      title={s.webhookUrl}
                    >
                      {s.webhookUrl}
                    </Link>
                    <span className="text-xs text-slate-600 dark:text-slate-400">Created {formatBankDateTime(s.createdUtc)}</span>
                  </td>
                  <td className={TD}>
                    <SubscriptionStatus active={s.isActive} />
                  </td>
                  <td className={TD}>
                    <HeaderNames headers={s.customHeaders} />
                  </td>
                  <td className={`${TD} text-right whitespace-nowrap`}>
                    <Link href={`/webhooks/subscriptions/${s.subscriptionId}`} className={buttonClass("ghost", "h-8 px-2.5")}>
                      Delivery log<span className="sr-only"> of {s.webhookUrl}</span>
                    </Link>
                    {s.isActive ? (
                      <Button
                        className="ml-1 h-8 px-2.5"
                        onClick={() => {
                          deactivate.reset();
                          setTarget(s);
                        }}
                      >
                        Deactivate<span className="sr-only"> {s.webhookUrl}</span>
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            />
          </table>
        </div>
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
        <p>New deposits will no longer be sent to this URL. Deliveries already queued are still sent, and the delivery log stays available.</p>
        <p>A subscription cannot be reactivated: create a new one to resume.</p>
      </ConfirmDialog>
    </div>
  );
}
