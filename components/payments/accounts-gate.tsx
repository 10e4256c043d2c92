import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/state-message";

function FormSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading the payment form" className="grid gap-6 lg:grid-cols-3">
      <Skeleton className="h-[640px] rounded-xl lg:col-span-2" />
      <Skeleton className="h-72 rounded-xl" />
    </div>
  );
}

/**
 * What a payment form shows instead of itself while its debit accounts load,
 * when they failed to, or when none can pay; null once it can render.
 */
export function accountsGate(
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown },
  payable: number,
  empty: { title: string; text: string },
): ReactNode {
  if (query.isPending) return <FormSkeleton />;
  if (query.isError) {
    return (
      <Card>
        <ErrorState title="Your accounts could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
      </Card>
    );
  }
  if (payable === 0) {
    return (
      <Card>
        <EmptyState title={empty.title}>{empty.text}</EmptyState>
      </Card>
    );
  }
  return null;
}
