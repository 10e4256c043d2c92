"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useMemo, useState, type ReactNode } from "react";
import { Notice } from "@/components/ui/notice";
import { OutcomeChart } from "@/components/webhooks/outcome-chart";
import { Pager } from "@/components/ui/pager";
import { SubscriptionStatus } from "@/components/webhooks/subscriptions-view";
import { Badge, type Tone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { ChevronIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/state-message";
import { ApiRequestError } from "@/lib/portal/shared/api-client";
import { formatBankDateTime } from "@/lib/portal/shared/date-format";
import { BANK_TIME_ZONE } from "@/lib/contract/time/bank-time";
import { groupDeliveries, hasPending, type DeliveryGroup } from "@/lib/portal/webhooks/delivery-log";
import { webhookKeys } from "@/lib/portal/shared/query-keys";
import { fetchAttempts, fetchSubscription, retryDelivery } from "@/lib/portal/webhooks/webhooks-api";
import type { TDeliveryAttempt } from "@/lib/contract/webhooks/schema";

/** Attempts per page: the newest few hundred cover days of a busy integration in one request. */
const PAGE_SIZE = 200;
/** While a delivery is pending (or one is expected) the log asks again this often. */
export const POLL_MS = 2_000;
/** An expected delivery that has not shown up by then is no longer waited for. */
const EXPECT_FOR_MS = 120_000;

const STATUS_TONE: Record<TDeliveryAttempt["deliveryStatus"], Tone> = { Pending: "amber", Succeeded: "green", Failed: "red" };
const ATTEMPT_TIME = new Intl.DateTimeFormat("en-US", {
  timeZone: BANK_TIME_ZONE,
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  second: "2-digit",
  timeZoneName: "short",
});
/** Attempts are seconds apart: the log shows seconds, in bank time. */
const formatAttemptTime = (iso: string) => ATTEMPT_TIME.format(new Date(iso));

const TH = "px-4 py-2.5 text-left text-xs font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400";

function AttemptRow({ attempt }: { attempt: TDeliveryAttempt }) {
  return (
    <tr className="text-xs text-slate-700 dark:text-slate-300">
      <td className="py-1.5 pr-4 pl-10 tabular">#{attempt.attemptNumber}</td>
      <td className="py-1.5 pr-4 whitespace-nowrap">{formatAttemptTime(attempt.attemptedUtc)}</td>
      <td className="py-1.5 pr-4">
        <span className={attempt.succeeded ? "font-mono text-emerald-800 dark:text-emerald-300" : "font-mono text-red-800 dark:text-red-300"}>
          {attempt.statusCode ?? "—"}
        </span>
        <span className="sr-only">{attempt.succeeded ? " succeeded" : " failed"}</span>
      </td>
      <td className="py-1.5 pr-4 tabular text-right whitespace-nowrap">{attempt.latencyMs} ms</td>
      <td className="py-1.5 pr-4 break-all text-slate-600 dark:text-slate-400" colSpan={2}>
        {attempt.error ?? (attempt.succeeded ? "Delivered" : "—")}
      </td>
    </tr>
  );
}

function DeliveryRows({ group, highlighted, resending, onResend }: { group: DeliveryGroup; highlighted: boolean; resending: boolean; onResend: () => void }) {
  const [open, setOpen] = useState(true);
  const attemptsId = `attempts-${group.deliveryId}`;
  return (
    <tbody
      className={
        highlighted ? "border-t border-slate-200 bg-brand-50/60 dark:border-slate-800 dark:bg-brand-900/20" : "border-t border-slate-200 dark:border-slate-800"
      }
      data-testid="delivery"
      data-delivery-id={group.deliveryId}
    >
      <tr className="h-[52px]">
        <td className="px-4 py-2">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={attemptsId}
            onClick={() => setOpen((v) => !v)}
            className="flex items-center gap-1.5 rounded text-left font-mono text-[13px] font-medium text-slate-900 dark:text-slate-100"
          >
            <ChevronIcon className={open ? "rotate-90 transition-transform" : "transition-transform"} />
            {group.transactionId ?? group.deliveryId}
            <span className="sr-only"> attempts</span>
          </button>
        </td>
        <td className="px-4 py-2">
          <Badge tone={STATUS_TONE[group.status]}>{group.status}</Badge>
        </td>
        <td className="px-4 py-2 tabular whitespace-nowrap text-slate-700 dark:text-slate-300">
          {group.attempts.length} attempt{group.attempts.length === 1 ? "" : "s"}
        </td>
        <td className="px-4 py-2 whitespace-nowrap text-slate-700 dark:text-slate-300">{formatAttemptTime(group.lastAttemptUtc)}</td>
        <td className="px-4 py-2 font-mono text-xs text-slate-600 dark:text-slate-400">{group.deliveryId.slice(0, 8)}</td>
        <td className="px-4 py-2 text-right">
          <Button
            className="h-8 px-2.5"
            onClick={onResend}
            disabled={group.status === "Pending" || resending}
            title={group.status === "Pending" ? "Pending deliveries are retried automatically" : undefined}
          >
            {resending ? "Resending…" : "Resend"}
            <span className="sr-only"> {group.transactionId ?? group.deliveryId}</span>
          </Button>
        </td>
      </tr>
      <tr id={attemptsId} hidden={!open}>
        <td colSpan={6} className="pb-2">
          <table className="w-full">
            <caption className="sr-only">Attempts of {group.transactionId ?? group.deliveryId}, newest first</caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">Attempt</th>
                <th scope="col">Time</th>
                <th scope="col">HTTP status</th>
                <th scope="col">Latency</th>
                <th scope="col">Error</th>
              </tr>
            </thead>
            <tbody>
              {group.attempts.map((a) => (
                <AttemptRow key={`${a.deliveryId}-${a.attemptNumber}`} attempt={a} />
              ))}
            </tbody>
          </table>
        </td>
      </tr>
    </tbody>
  );
}

function SubscriptionSummary({ subscriptionId }: { subscriptionId: string }) {
  const subscription = useQuery({
    queryKey: webhookKeys.subscription(subscriptionId),
    queryFn: ({ signal }) => fetchSubscription(subscriptionId, signal),
  });
  if (subscription.isPending) {
    return (
      <Card className="mb-6 px-5 py-4" aria-busy="true" aria-label="Subscription">
        <Skeleton className="h-5 w-96 max-w-full" />
        <Skeleton className="mt-2 h-4 w-64" />
      </Card>
    );
  }
  if (subscription.isError) {
    const missing = subscription.error instanceof ApiRequestError && subscription.error.status === 404;
    return (
      <Card className="mb-6">
        {missing ? (
          <EmptyState
            title="No such subscription"
            action={
              <Link href="/webhooks" className="text-sm font-medium text-brand-700 underline dark:text-brand-300">
                All subscriptions
              </Link>
            }
          >
            {subscription.error.message}
          </EmptyState>
        ) : (
          <ErrorState title="The subscription could not be loaded" error={subscription.error} onRetry={() => void subscription.refetch()} />
        )}
      </Card>
    );
  }
  const s = subscription.data;
  const headers = Object.entries(s.customHeaders);
  return (
    <Card className="mb-6 px-5 py-4" aria-label="Subscription">
      <div className="flex flex-wrap items-center gap-3">
        <p className="min-w-0 font-mono text-sm font-medium break-all text-slate-900 dark:text-slate-100">{s.webhookUrl}</p>
        <SubscriptionStatus active={s.isActive} />
      </div>
      <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
        <div className="flex gap-1">
          <dt>Topic</dt>
          <dd className="font-medium text-slate-800 dark:text-slate-200">{s.topic}</dd>
        </div>
        <div className="flex gap-1">
          <dt>Created</dt>
          <dd className="font-medium text-slate-800 dark:text-slate-200">{formatBankDateTime(s.createdUtc)}</dd>
        </div>
        {!s.isActive ? (
          <div className="flex gap-1">
            <dt>Deactivated</dt>
            <dd className="font-medium text-slate-800 dark:text-slate-200">{formatBankDateTime(s.updatedUtc)}</dd>
          </div>
        ) : null}
        <div className="flex gap-1">
          <dt>Custom headers</dt>
          <dd className="font-mono font-medium text-slate-800 dark:text-slate-200">
            {headers.length ? headers.map(([k, v]) => `${k}: ${v}`).join(" · ") : "none"}
          </dd>
        </div>
        <div className="flex gap-1">
          <dt>Id</dt>
          <dd className="font-mono text-slate-800 dark:text-slate-200">{s.subscriptionId}</dd>
        </div>
      </dl>
    </Card>
  );
}

type Awaiting = { deliveryId: string; attempts: number; since: number };

export function DeliveryLogView({ subscriptionId, expectTransaction, nav }: { subscriptionId: string; expectTransaction: string | null; nav: ReactNode }) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [awaiting, setAwaiting] = useState<Awaiting[]>([]);
  const [notice, setNotice] = useState<{ tone: "green" | "red"; text: string } | null>(null);
  const [openedAt] = useState(() => Date.now());

  const params = { pageStart: page, pageSize: PAGE_SIZE };
  // Elapsed-time rules read `at`, the time of the last answer, never the clock: rendering stays pure.
  /** A resend is settled once its delivery has a new attempt and is no longer pending (or it has waited long enough). */
  const settled = (a: Awaiting, groups: DeliveryGroup[], at: number) => {
    const g = groups.find((x) => x.deliveryId === a.deliveryId);
    return (g !== undefined && g.attempts.length > a.attempts && g.status !== "Pending") || at - a.since >= EXPECT_FOR_MS;
  };
  /** Poll while a delivery is pending, an expected deposit has not arrived, or a resend has not come back. */
  const shouldPoll = (groups: DeliveryGroup[], at: number) => {
    const expecting =
      expectTransaction !== null && at - openedAt < EXPECT_FOR_MS && !groups.some((g) => g.transactionId === expectTransaction && g.status !== "Pending");
    return hasPending(groups) || expecting || awaiting.some((a) => !settled(a, groups, at));
  };
  const log = useQuery({
    queryKey: webhookKeys.attempts(subscriptionId, params),
    queryFn: ({ signal }) => fetchAttempts(subscriptionId, params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.status !== "error" && shouldPoll(groupDeliveries(query.state.data?.data ?? []), query.state.dataUpdatedAt) ? POLL_MS : false,
  });

  const groups = useMemo(() => groupDeliveries(log.data?.data ?? []), [log.data]);
  const attempts = log.data?.data ?? [];
  const now = log.dataUpdatedAt || openedAt;
  const polling = log.isSuccess && shouldPoll(groups, now);
  const resending = awaiting.filter((a) => !settled(a, groups, now));

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
        description="Each deposit event sent to this subscription, with every attempt: HTTP status, latency and error."
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
        <div className="overflow-x-auto">
          <table className="w-full min-w-[48rem] text-sm" aria-busy={log.isFetching}>
            <caption className="sr-only">Deliveries of this subscription, newest first, each with its attempts</caption>
            <thead className="bg-slate-50 dark:bg-slate-900/60">
              <tr>
                <th scope="col" className={TH}>
                  Event
                </th>
                <th scope="col" className={TH}>
                  Status
                </th>
                <th scope="col" className={TH}>
                  Attempts
                </th>
                <th scope="col" className={TH}>
                  Last attempt
                </th>
                <th scope="col" className={TH}>
                  Delivery
                </th>
                <th scope="col" className={`${TH} text-right`}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            {log.isPending ? (
              <tbody>
                {Array.from({ length: 3 }, (_, i) => (
                  <tr key={i} className="h-[80px] border-t border-slate-200 dark:border-slate-800">
                    <td className="px-4">
                      <Skeleton className="h-4 w-44" />
                    </td>
                    <td className="px-4">
                      <Skeleton className="h-5 w-20" />
                    </td>
                    <td className="px-4">
                      <Skeleton className="h-4 w-16" />
                    </td>
                    <td className="px-4">
                      <Skeleton className="h-4 w-36" />
                    </td>
                    <td className="px-4">
                      <Skeleton className="h-4 w-16" />
                    </td>
                    <td className="px-4">
                      <Skeleton className="ml-auto h-8 w-20" />
                    </td>
                  </tr>
                ))}
              </tbody>
            ) : log.isError ? (
              <tbody>
                <tr>
                  <td colSpan={6}>
                    {log.error instanceof ApiRequestError && log.error.status === 404 ? (
                      <EmptyState title="No deliveries to show">This subscription does not exist for your organisation.</EmptyState>
                    ) : (
                      <ErrorState title="The delivery log could not be loaded" error={log.error} onRetry={() => void log.refetch()} />
                    )}
                  </td>
                </tr>
              </tbody>
            ) : groups.length === 0 ? (
              <tbody>
                <tr>
                  <td colSpan={6}>
                    <EmptyState title={expectTransaction ? "Waiting for the first attempt…" : "No deliveries yet"}>
                      {expectTransaction
                        ? `The deposit ${expectTransaction} is queued; its delivery appears here within seconds.`
                        : "Each deposit to your accounts is delivered here while the subscription is active."}
                    </EmptyState>
                  </td>
                </tr>
              </tbody>
            ) : (
              groups.map((group) => (
                <DeliveryRows
                  key={group.deliveryId}
                  group={group}
                  highlighted={group.transactionId === expectTransaction}
                  resending={
                    (resend.isPending && resend.variables?.deliveryId === group.deliveryId) || resending.some((a) => a.deliveryId === group.deliveryId)
                  }
                  onResend={() => resend.mutate(group)}
                />
              ))
            )}
          </table>
        </div>
        <Pager page={page} size={PAGE_SIZE} total={total} busy={log.isFetching} noun="attempts" onPage={setPage} />
      </Card>
    </>
  );
}
