"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useMemo, useState, type ReactNode } from "react";
import { Notice } from "@/components/ui/notice";
import { OutcomeChart } from "@/components/webhooks/outcome-chart";
import { Pager } from "@/components/ui/pager";
import { Card, CardHeader } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { DeliveriesTable } from "@/components/webhooks/deliveries-table";
import { SubscriptionSummary } from "@/components/webhooks/subscription-summary";
import { groupDeliveries, resendSettled, shouldPoll, type Awaiting, type DeliveryGroup } from "@/lib/portal/webhooks/delivery-log";
import { webhookKeys } from "@/lib/portal/shared/query-keys";
import { fetchAttempts, retryDelivery } from "@/lib/portal/webhooks/webhooks-api";
import { TableScroll } from "@/components/ui/table-scroll";

/** Attempts per page: the newest few hundred cover days of a busy integration in one request. */
const PAGE_SIZE = 200;
/** While a delivery is pending (or one is expected) the log asks again this often. */
const POLL_MS = 2_000;

export function DeliveryLogView({ subscriptionId, expectTransaction, nav }: { subscriptionId: string; expectTransaction: string | null; nav: ReactNode }) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [awaiting, setAwaiting] = useState<Awaiting[]>([]);
  const [notice, setNotice] = useState<{ tone: "green" | "red"; text: string } | null>(null);
  const [openedAt] = useState(() => Date.now());

  const params = { pageStart: page, pageSize: PAGE_SIZE };
  const wait = { expectTransaction, openedAt, awaiting };
  const log = useQuery({
    queryKey: webhookKeys.attempts(subscriptionId, params),
    queryFn: ({ signal }) => fetchAttempts(subscriptionId, params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.status !== "error" && shouldPoll(groupDeliveries(query.state.data?.data ?? []), query.state.dataUpdatedAt, wait) ? POLL_MS : false,
  });

  const groups = useMemo(() => groupDeliveries(log.data?.data ?? []), [log.data]);
  const attempts = log.data?.data ?? [];
  const now = log.dataUpdatedAt || openedAt;
  const polling = log.isSuccess && shouldPoll(groups, now, wait);
  const resending = awaiting.filter((a) => !resendSettled(a, groups, now));

  const resend = useMutation({
    mutationFn: (group: DeliveryGroup) => retryDelivery(group.deliveryId),
    onMutate: () => setNotice(null),
    onSuccess: async (_delivery, group) => {
      setAwaiting((list) => [...list, { deliveryId: group.deliveryId, attempts: group.attempts.length, since: Date.now() }]);
      setNotice({ tone: "green", text: `Resending ${group.transactionId ?? group.deliveryId}: a new attempt is queued with a fresh signature.` });
      await queryClient.invalidateQueries({ queryKey: webhookKeys.attempts(subscriptionId, params) });
    },
    onError: (error, group) => setNotice({ tone: "red", text: `${group.transactionId ?? group.deliveryId} was not resent: ${error.message}` }),
  });

  const total = log.data?.meta.pagination.total_size ?? null;

  return (
    <>
      <PageHeader
        title="Delivery log"
        description="Each event sent to this subscription, with every attempt: HTTP status, latency and error."
        actions={
          <Link href="/webhooks" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
            ← All subscriptions
          </Link>
        }
      />
      {nav}
      <SubscriptionSummary subscriptionId={subscriptionId} />

      <Card aria-labelledby="outcomes-title" className="mb-6">
        <CardHeader
          id="outcomes-title"
          title="Delivery outcomes over time"
          description={
            total !== null && total > attempts.length ? `The ${attempts.length} attempts on this page of the log.` : "Every attempt, succeeded or failed."
          }
        />
        {log.isPending ? (
          <div className="px-5 py-4">
            <Skeleton className="h-4 w-56" />
            <Skeleton className="mt-3 h-36 w-full" />
            <Skeleton className="mt-1 h-4 w-full" />
          </div>
        ) : log.isError ? (
          <div className="h-[13.5rem]" />
        ) : (
          <OutcomeChart attempts={attempts} now={now} />
        )}
      </Card>

      <Card aria-labelledby="log-title">
        <CardHeader
          id="log-title"
          title="Deliveries"
          description="Newest first. Failed deliveries are retried automatically for about 32 hours; Resend sends a finished one again now."
          actions={
            <span className="flex h-6 items-center gap-1.5 text-xs text-slate-600 dark:text-slate-400" aria-live="polite">
              {polling ? (
                <>
                  <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-amber-500" />
                  Updating every {POLL_MS / 1000} s while deliveries are pending
                </>
              ) : log.data ? (
                "Up to date"
              ) : (
                "\u00a0"
              )}
            </span>
          }
        />
        <div aria-live="polite" className="empty:hidden border-b border-slate-200 px-5 py-3 dark:border-slate-800">
          {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
        </div>
        <TableScroll>
          <DeliveriesTable
            log={log}
            groups={groups}
            expectTransaction={expectTransaction}
            isResending={(group) =>
              (resend.isPending && resend.variables?.deliveryId === group.deliveryId) || resending.some((a) => a.deliveryId === group.deliveryId)
            }
            onResend={(group) => resend.mutate(group)}
          />
        </TableScroll>
        <Pager page={page} size={PAGE_SIZE} total={total} busy={log.isFetching} noun="attempts" onPage={setPage} />
      </Card>
    </>
  );
}
