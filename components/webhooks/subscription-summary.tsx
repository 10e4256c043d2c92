"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/state-message";
import { SubscriptionStatus } from "@/components/webhooks/subscription-status";
import { ApiRequestError } from "@/lib/portal/shared/api-client";
import { formatBankDateTime } from "@/lib/contract/time/date-format";
import { webhookKeys } from "@/lib/portal/shared/query-keys";
import { fetchSubscription } from "@/lib/portal/webhooks/webhooks-api";
import { TOPIC_WORDS } from "@/lib/portal/webhooks/topics";

/** The subscription the log belongs to: URL, state, topic, dates, custom headers. */
export function SubscriptionSummary({ subscriptionId }: { subscriptionId: string }) {
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
          <dd className="font-medium text-slate-800 dark:text-slate-200">
            {TOPIC_WORDS[s.topic].label} <span className="font-mono font-normal">({s.topic})</span>
          </dd>
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
