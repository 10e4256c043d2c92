"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { usePortalUser } from "@/components/portal-user";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Notice } from "@/components/ui/notice";
import { ROLE_PERMISSIONS } from "@/lib/contract/auth/roles";
import { RAIL_PERMISSIONS } from "@/lib/contract/payment-runs/schema";
import type { TPaymentStatusRecord } from "@/lib/contract/payments/schema";
import { ApiRequestError } from "@/lib/portal/shared/api-client";
import { formatBankDate } from "@/lib/contract/time/date-format";
import { cancelScheduledPayment } from "@/lib/portal/payments/payments-api";
import { accountKeys, paymentKeys } from "@/lib/portal/shared/query-keys";

/**
 * A Scheduled payment's card on its page (docs/scheduling.md): the day it will be made, and "Cancel this payment" for
 * the roles that hold the rail's permission (the API's own rule for the cancel), confirmed in a dialog. Cancelled, the
 * page shows the new status at once and this card says nothing was paid; any other status shows nothing here.
 */
export function CancelScheduled({ payment }: { payment: TPaymentStatusRecord }) {
  const me = usePortalUser();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const cancel = useMutation({
    mutationFn: () => cancelScheduledPayment(payment.transactionId),
    onSuccess: (record) => {
      setOpen(false);
      queryClient.setQueryData<TPaymentStatusRecord>(paymentKeys.summary(record.transactionId), (shown) => (shown ? { ...shown, ...record } : shown));
      void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
    },
    // Made or cancelled meanwhile (409): the page reads the payment again to show what it is now.
    onError: () => void queryClient.invalidateQueries({ queryKey: paymentKeys.summary(payment.transactionId) }),
  });
  if (cancel.isSuccess) {
    return (
      <div role="status">
        <Notice>This payment is cancelled: it will not be made, and nothing was paid or reserved.</Notice>
      </div>
    );
  }
  if (payment.status !== "Scheduled") return null;
  const day = formatBankDate(payment.executionDate ?? payment.valueDate);
  const mayCancel = ROLE_PERMISSIONS[me.role].includes(RAIL_PERMISSIONS[payment.type]);
  const failure = cancel.isError ? (cancel.error instanceof ApiRequestError ? cancel.error.message : "The payment could not be cancelled.") : null;
  return (
    <Card aria-labelledby="payment-scheduled">
      <CardHeader id="payment-scheduled" title={`Scheduled for ${day}`} description="Nothing is reserved until then; funds are checked on the day." />
      {mayCancel ? (
        <div className="px-5 py-4">
          <Button onClick={() => (cancel.reset(), setOpen(true))}>Cancel this payment</Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={open}
        title="Cancel this scheduled payment?"
        confirmLabel="Cancel payment"
        cancelLabel="Keep it"
        busyLabel="Cancelling…"
        busy={cancel.isPending}
        destructive
        error={failure}
        onConfirm={() => cancel.mutate()}
        onClose={() => setOpen(false)}
      >
        <p>It will not be made on {day}. Nothing has been reserved, so no money moves. Your organisation&apos;s audit log records who cancelled it.</p>
      </ConfirmDialog>
    </Card>
  );
}
