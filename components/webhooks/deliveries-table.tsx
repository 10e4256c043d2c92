"use client";

import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/state-message";
import { DeliveryRows } from "@/components/webhooks/delivery-rows";
import { ApiRequestError } from "@/lib/portal/shared/api-client";
import type { DeliveryGroup } from "@/lib/portal/webhooks/delivery-log";
import { ListHead, WIDE_ONLY, wideOnly } from "@/components/ui/list-frame";

type Props = {
  /** The log's query as the table needs it: loading, failed (with a retry), refreshing. */
  log: { isPending: boolean; isFetching: boolean; isError: boolean; error: Error | null; refetch: () => unknown };
  groups: DeliveryGroup[];
  /** The deposit the user came to see (highlighted; the empty state says it is on its way). */
  expectTransaction: string | null;
  isResending: (group: DeliveryGroup) => boolean;
  onResend: (group: DeliveryGroup) => void;
};

/** The deliveries of one subscription, newest first, each with its attempts; its loading, error and empty states. */
export function DeliveriesTable({ log, groups, expectTransaction, isResending, onResend }: Props) {
  return (
    <table className="w-full sm:min-w-[48rem] text-sm" aria-busy={log.isFetching}>
      <caption className="sr-only">Deliveries of this subscription, newest first, each with its attempts</caption>
      <ListHead
        columns={["Event", "Status", wideOnly("Attempts"), wideOnly("Last attempt"), wideOnly("Delivery"), { label: "Actions", align: "right", srOnly: true }]}
      />
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
              <td className={`px-4 ${WIDE_ONLY}`}>
                <Skeleton className="h-4 w-16" />
              </td>
              <td className={`px-4 ${WIDE_ONLY}`}>
                <Skeleton className="h-4 w-36" />
              </td>
              <td className={`px-4 ${WIDE_ONLY}`}>
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
                  : "Each event of this subscription's topic is delivered here while the subscription is active."}
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
            resending={isResending(group)}
            onResend={() => onResend(group)}
          />
        ))
      )}
    </table>
  );
}
