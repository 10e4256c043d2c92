"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { allowedMoves, FORCEABLE_STATUSES, type TPaymentStatusRecord } from "@/lib/contract/payments/schema";
import { ApiRequestError } from "@/lib/portal/shared/api-client";
import { forcePaymentStatus } from "@/lib/portal/payments/payments-api";
import { accountKeys, paymentKeys } from "@/lib/portal/shared/query-keys";

type Forceable = (typeof FORCEABLE_STATUSES)[number];
const ACTION: Record<Forceable, string> = { Pending: "Mark pending", Completed: "Mark completed", Failed: "Mark failed", Reversed: "Reverse" };

/**
 * UAT only, admins (decisions §8): move the payment as the bank's settlement
 * would, to see how the portal and your systems follow. Offers exactly the
 * moves the lifecycle allows; Failed and Reversed give the funds back, so
 * balances are fetched afresh.
 */
export function SandboxStatusControl({ payment }: { payment: TPaymentStatusRecord }) {
  const queryClient = useQueryClient();
  const move = useMutation({
    mutationFn: (status: Forceable) => forcePaymentStatus(payment.transactionId, status),
    onSuccess: (record) => {
      // The page shows the new status at once; the rest (lists, balances) is fetched afresh.
      queryClient.setQueryData<TPaymentStatusRecord>(paymentKeys.summary(record.transactionId), (shown) => (shown ? { ...shown, ...record } : shown));
      void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
    },
  });
  // A Scheduled payment is cancelled by its client (the payment page), not forced.
  const next = allowedMoves(payment.type, payment.status).filter((s): s is Forceable => (FORCEABLE_STATUSES as readonly string[]).includes(s));
  return (
    <Card aria-labelledby="sandbox-moves">
      <CardHeader id="sandbox-moves" title="Sandbox" description="UAT only: move this payment as the bank would." />
      <div className="space-y-3 px-5 py-4">
        {next.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {payment.type === "INTERNAL"
              ? "An internal transfer is completed when it is made: to move the money back, make a transfer the other way."
              : `${payment.status} is final: the lifecycle allows no further move.`}
          </p>
        ) : (
          <div className="flex flex-wrap gap-2">
            {next.map((status) => (
              <Button key={status} disabled={move.isPending} onClick={() => move.mutate(status)}>
                {ACTION[status]}
              </Button>
            ))}
          </div>
        )}
        {move.isError ? (
          <div role="alert">
            <Notice tone="red">
              {move.error.message}
              {move.error instanceof ApiRequestError && move.error.body.correlationId ? (
                <span className="mt-1 block font-mono text-xs">Reference {move.error.body.correlationId}</span>
              ) : null}
            </Notice>
          </div>
        ) : null}
      </div>
    </Card>
  );
}
