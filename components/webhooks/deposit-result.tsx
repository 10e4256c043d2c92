"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Badge, type Tone } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import type { TDeposit } from "@/lib/contract/deposits/schema";
import type { TSubscription } from "@/lib/contract/webhooks/schema";
import { formatMoney } from "@/lib/contract/money-format";
import { webhookKeys } from "@/lib/portal/shared/query-keys";
import { fetchAttempts } from "@/lib/portal/webhooks/webhooks-api";

/** A simulated deposit, the active subscriptions it was sent to, and when it was made (ms). */
export type DepositOutcome = { deposit: TDeposit; subscriptions: TSubscription[]; at: number };

const TONE: Record<string, Tone> = { Pending: "amber", Succeeded: "green", Failed: "red", Waiting: "neutral" };
const WATCH_MS = 1_500;
const WATCH_FOR_MS = 90_000;

/** One subscription's delivery of the deposit, watched until it leaves Pending. */
function DeliveryWatch({ subscription, deposit, startedAt }: { subscription: TSubscription; deposit: TDeposit; startedAt: number }) {
  const watch = useQuery({
    queryKey: [...webhookKeys.attempts(subscription.subscriptionId, { pageStart: 1, pageSize: 25 }), "watch", deposit.transactionId],
    queryFn: ({ signal }) => fetchAttempts(subscription.subscriptionId, { pageStart: 1, pageSize: 25 }, signal),
    staleTime: 0,
    refetchInterval: (query) => {
      const mine = query.state.data?.data.find((a) => a.transactionId === deposit.transactionId);
      if (mine && mine.deliveryStatus !== "Pending") return false;
      return Date.now() - startedAt < WATCH_FOR_MS ? WATCH_MS : false;
    },
  });
  const mine = watch.data?.data.filter((a) => a.transactionId === deposit.transactionId) ?? [];
  const latest = mine[0];
  const status = latest?.deliveryStatus ?? "Waiting";
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3" data-testid="deposit-delivery">
      <span className="min-w-0 flex-1 font-mono text-[13px] break-all text-slate-900 dark:text-slate-100">{subscription.webhookUrl}</span>
      <span className="flex items-center gap-2 text-xs text-slate-700 dark:text-slate-300">
        <Badge tone={TONE[status] ?? "neutral"}>{status === "Waiting" ? "Queued" : status}</Badge>
        {latest ? (
          <span className="tabular">
            {latest.statusCode ?? "no answer"} · {latest.latencyMs} ms{mine.length > 1 ? ` · ${mine.length} attempts` : ""}
          </span>
        ) : (
          <span>waiting for the first attempt…</span>
        )}
      </span>
      <Link
        href={`/webhooks/subscriptions/${subscription.subscriptionId}?transaction=${encodeURIComponent(deposit.transactionId)}`}
        className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
      >
        Open delivery log<span className="sr-only"> of {subscription.webhookUrl}</span>
      </Link>
    </li>
  );
}

/** "What happened": the deposit, then its delivery to each active subscription as it goes out. */
export function DepositResult({ result }: { result: DepositOutcome | null }) {
  return (
    <Card aria-labelledby="result-title" className="min-w-0 self-start">
      <CardHeader id="result-title" title="What happened" description="The deposit, then its delivery to each active subscription as it goes out." />
      <div className="px-5 py-4" aria-live="polite">
        {result ? (
          <div data-testid="deposit-result">
            <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm">
              <div className="col-span-2">
                <dt className="text-xs text-slate-600 dark:text-slate-400">Transaction</dt>
                <dd className="font-mono text-[13px] break-all text-slate-900 dark:text-slate-100">{result.deposit.transactionId}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600 dark:text-slate-400">Credited</dt>
                <dd className="tabular font-medium text-slate-900 dark:text-slate-100">{formatMoney(result.deposit.amount, result.deposit.currency)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600 dark:text-slate-400">To</dt>
                <dd className="font-mono text-[13px] text-slate-900 dark:text-slate-100">{result.deposit.accountNumber}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-600 dark:text-slate-400">Available now</dt>
                <dd className="tabular font-medium text-slate-900 dark:text-slate-100">
                  {formatMoney(result.deposit.availableBalance.amount, result.deposit.availableBalance.currency)}
                </dd>
              </div>
            </dl>
            <h3 className="mt-5 text-sm font-semibold text-slate-900 dark:text-slate-100">
              {result.deposit.notificationsQueued === 0
                ? "No webhook was sent"
                : `${result.deposit.notificationsQueued} webhook${result.deposit.notificationsQueued === 1 ? "" : "s"} queued`}
            </h3>
            {result.deposit.notificationsQueued === 0 ? (
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                There is no active Deposits subscription.{" "}
                <Link href="/webhooks" className="font-medium text-brand-700 underline dark:text-brand-300">
                  Create one
                </Link>{" "}
                and deposit again.
              </p>
            ) : (
              <ul className="mt-1 divide-y divide-slate-200 dark:divide-slate-800">
                {result.subscriptions.map((s) => (
                  <DeliveryWatch key={`${result.deposit.transactionId}-${s.subscriptionId}`} subscription={s} deposit={result.deposit} startedAt={result.at} />
                ))}
              </ul>
            )}
          </div>
        ) : (
          <p className="py-8 text-center text-sm text-slate-600 dark:text-slate-400">Nothing yet. Choose an account and an amount, then simulate a deposit.</p>
        )}
      </div>
    </Card>
  );
}
