"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { ApprovalForecast } from "@/components/approvals/approval-forecast";
import { PayeePicker } from "@/components/payees/payee-picker";
import { usePayableAccounts } from "@/components/payments/use-payable-accounts";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { FormField, inputClass, TextField } from "@/components/ui/form";
import { Notice } from "@/components/ui/notice";
import type { TCounterparty } from "@/lib/contract/counterparties/schema";
import { formatBankDate } from "@/lib/contract/time/date-format";
import { newIdempotencyKey } from "@/lib/portal/payments/payment-forms";
import { standingOrderKeys } from "@/lib/portal/shared/query-keys";
import {
  orderBodyOf,
  previewDates,
  sendStandingOrder,
  ZStandingOrderForm,
  type Sent,
  type StandingOrderFormValues,
} from "@/lib/portal/standing-orders/standing-order-form";

const DEFAULTS: StandingOrderFormValues = {
  counterpartyId: "",
  debtorAccount: "",
  amount: "",
  remittance: "",
  frequency: "Monthly",
  startDate: "",
  end: "never",
  endDate: "",
  count: "",
};

/** What happened, in words: made, or waiting for an approver. */
function sentNote(sent: Sent): string {
  if (sent.kind === "draft") return "Sent for approval: the standing order is made once an approver approves it; nothing is paid until then.";
  const next = sent.order.nextExecutionDate ? `; its first payment is on ${formatBankDate(sent.order.nextExecutionDate)}` : "";
  return `The standing order is made${next}.`;
}

/**
 * A new ACH standing order to one of the organisation's payees (issue 21): debit account, amount, remittance, Weekly
 * or Monthly from a start date, until cancelled, a date or a number of payments. It shows the next dates and, before
 * submit, whether it will need approval; a policy that holds it back makes it a draft.
 */
export function NewStandingOrder({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [payee, setPayee] = useState<TCounterparty | null>(null);
  const [key] = useState(() => newIdempotencyKey());
  const [sent, setSent] = useState<Sent | null>(null);
  const currency = (payee?.creditorBank?.currency ?? "USD") as "USD" | "BMD";
  const { accounts } = usePayableAccounts([currency]);
  const form = useForm<StandingOrderFormValues>({ resolver: zodResolver(ZStandingOrderForm), defaultValues: DEFAULTS });
  const { register, handleSubmit, control, setValue, formState } = form;
  const values = useWatch({ control }) as StandingOrderFormValues;
  const send = useMutation({
    mutationFn: (v: StandingOrderFormValues) => sendStandingOrder(orderBodyOf(v, currency), key),
    onSuccess: async (result) => {
      setSent(result);
      await queryClient.invalidateQueries({ queryKey: standingOrderKeys.all });
    },
  });
  const pick = (p: TCounterparty | null) => {
    setPayee(p);
    setValue("counterpartyId", p?.counterpartyId ?? "", { shouldValidate: formState.isSubmitted });
  };
  const dates = previewDates(values);
  const e = formState.errors;
  if (sent) {
    return (
      <Card>
        <CardHeader title="New standing order" />
        <div className="space-y-3 px-5 py-4">
          <Notice tone="green">{sentNote(sent)}</Notice>
          <Button onClick={onClose}>Close</Button>
        </div>
      </Card>
    );
  }
  return (
    <Card>
      <CardHeader title="New standing order" description="An ACH payment to one of your payees, made again every week or month." />
      <form className="space-y-1 px-5 py-4" noValidate onSubmit={handleSubmit((v) => send.mutate(v))}>
        <PayeePicker rail="ACH" picked={payee} onPick={pick} />
        {e.counterpartyId ? (
          <p role="alert" className="mb-3 text-sm text-red-700 dark:text-red-400">
            Payee {e.counterpartyId.message}
          </p>
        ) : null}
        <div className="grid gap-x-4 sm:grid-cols-2">
          <FormField id="so-debtor" label="From account" error={e.debtorAccount ? `From account ${e.debtorAccount.message}` : undefined}>
            <select id="so-debtor" className={inputClass(Boolean(e.debtorAccount))} {...register("debtorAccount")}>
              <option value="">Choose an account</option>
              {accounts.map((a) => (
                <option key={a.accountNumber} value={a.accountNumber}>
                  {a.accountNumber} · {a.availableBalance.currency}
                </option>
              ))}
            </select>
          </FormField>
          <TextField id="so-amount" label={`Amount (${currency})`} inputMode="decimal" error={e.amount} {...register("amount")} />
          <TextField id="so-remittance" label="Remittance" maxLength={35} error={e.remittance} {...register("remittance")} />
          <FormField id="so-frequency" label="Every">
            <select id="so-frequency" className={inputClass()} {...register("frequency")}>
              <option value="Monthly">Month, on the start&apos;s day</option>
              <option value="Weekly">Week, on the start&apos;s weekday</option>
            </select>
          </FormField>
          <TextField id="so-start" type="date" label="First payment" error={e.startDate} {...register("startDate")} />
          <FormField id="so-end" label="Ends">
            <select id="so-end" className={inputClass()} {...register("end")}>
              <option value="never">When cancelled</option>
              <option value="date">On a date</option>
              <option value="count">After a number of payments</option>
            </select>
          </FormField>
          {values.end === "date" ? <TextField id="so-end-date" type="date" label="Last date" error={e.endDate} {...register("endDate")} /> : null}
          {values.end === "count" ? <TextField id="so-count" inputMode="numeric" label="Number of payments" error={e.count} {...register("count")} /> : null}
        </div>
        <div aria-live="polite" className="text-sm text-slate-700 dark:text-slate-300">
          {dates.length > 0 ? (
            <>
              <p className="font-medium">Next payments</p>
              <ul className="list-inside list-disc" data-testid="next-dates">
                {dates.map((d) => (
                  <li key={d}>{formatBankDate(d)}</li>
                ))}
              </ul>
              <p className="text-xs text-slate-600 dark:text-slate-400">A weekend or bank holiday moves a payment to the next business day.</p>
            </>
          ) : null}
        </div>
        <div className="-mx-5">
          <ApprovalForecast subject={{ rail: "ACH", currency, amount: values.amount }} />
        </div>
        {send.isError ? <Notice tone="red">{send.error.message}</Notice> : null}
        <div className="flex flex-wrap gap-2 pt-3">
          <Button type="submit" variant="primary" disabled={send.isPending}>
            {send.isPending ? "Sending…" : "Make standing order"}
          </Button>
          <Button onClick={onClose}>Cancel</Button>
        </div>
      </form>
    </Card>
  );
}
