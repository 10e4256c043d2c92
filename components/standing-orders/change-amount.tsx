"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApprovalForecast } from "@/components/approvals/approval-forecast";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { TextField } from "@/components/ui/form";
import { Notice } from "@/components/ui/notice";
import { ZAmount } from "@/lib/contract/payments/schema";
import type { TStandingOrder } from "@/lib/contract/standing-orders/schema";
import { amountOf, beneficiaryOf } from "@/lib/portal/payment-templates/saved-payment";
import { newIdempotencyKey } from "@/lib/portal/payments/payment-forms";
import { standingOrderKeys } from "@/lib/portal/shared/query-keys";
import { sendAmountChange } from "@/lib/portal/standing-orders/standing-order-form";

/**
 * A new amount for an Active standing order (issue 21): payments already made keep theirs; the next one is made with
 * the new amount, or, when the organisation's policy holds the new amount back, once an approver approves the change
 * (the order pays its old amount until then). Said before submit.
 */
export function ChangeAmount({ order, onDone }: { order: TStandingOrder; onDone: (note: string | null) => void }) {
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState(String(order.request.instructedAmount.amount ?? ""));
  const [error, setError] = useState<string | undefined>();
  const [key] = useState(() => newIdempotencyKey());
  const currency = order.request.instructedAmount.currency;
  const change = useMutation({
    mutationFn: () => sendAmountChange(order, amount, key),
    onSuccess: async (sent) => {
      await queryClient.invalidateQueries({ queryKey: standingOrderKeys.all });
      onDone(
        sent.kind === "draft"
          ? `The new amount for ${beneficiaryOf(order)} waits for approval; the standing order pays ${amountOf(order)} until it is approved.`
          : `The standing order to ${beneficiaryOf(order)} now pays ${amountOf(sent.order)}. Payments already made are not affected.`,
      );
    },
  });
  const submit = () => {
    const checked = ZAmount.safeParse(amount.trim());
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? "is not an amount");
    setError(undefined);
    change.mutate();
  };
  return (
    <Card>
      <CardHeader title={`Change the standing order to ${beneficiaryOf(order)}`} description={`It pays ${amountOf(order)} now.`} />
      <form
        className="space-y-2 px-5 py-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextField
          id="so-new-amount"
          label={`New amount (${currency})`}
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={error ? { message: error } : undefined}
        />
        <div className="-mx-5">
          <ApprovalForecast subject={order.rail === "SWIFT" ? null : { rail: order.rail, currency, amount }} />
        </div>
        {change.isError ? <Notice tone="red">{change.error.message}</Notice> : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="primary" disabled={change.isPending}>
            {change.isPending ? "Saving…" : "Change amount"}
          </Button>
          <Button onClick={() => onDone(null)}>Keep it</Button>
        </div>
      </form>
    </Card>
  );
}
