"use client";

import { useEffect, useMemo } from "react";
import { useWatch } from "react-hook-form";
import { accountsGate } from "@/components/payments/accounts-gate";
import { AmountField, PaymentFormFrame, PaymentSelectField, QuoteMissing, RemittanceFieldset, SummaryRow } from "@/components/payments/payment-form-kit";
import { PayOnField, PayOnRows } from "@/components/payments/pay-on";
import { usePaymentForm } from "@/components/payments/use-payment-form";
import { TemplateFill } from "@/components/payment-templates/template-fill";
import type { FillSource } from "@/lib/portal/payment-templates/templates-api";
import { transferValuesOf } from "@/lib/portal/payment-templates/saved-payment";
import { Card } from "@/components/ui/card";
import { Fieldset } from "@/components/ui/form";
import { EmptyState } from "@/components/ui/state-message";
import { ZInternalTransferRequest, type TInternalTransferRequest } from "@/lib/contract/payments/schema";
import { toTransferRequest, transferDefaults, TRANSFER_REMITTANCE_LINES, type TransferFormValues } from "@/lib/portal/payments/payment-forms";
import { conversionQuote, type FxRate } from "@/lib/portal/payments/payment-quote";
import { formatMoney, formatRate, toMinor } from "@/lib/contract/money-format";

type Props = { rates: FxRate[]; holidays: string[]; initialAccount?: string; source?: FillSource | null };

/** The transfer's currency is the From account's: its errors show on that control. */
const FIELD_CONTROLS: Record<string, string> = {
  "instructedAmount.currency": "debtorAccount.identification",
};

/**
 * A transfer between two of the organisation's own active accounts
 * (POST /v1/payments/internal): the payment forms' submission (one
 * Idempotency-Key per form, one request in flight) and the SWIFT form's
 * conversion preview when the two currencies differ.
 */
export function TransferForm({ rates, holidays, initialAccount, source = null }: Props) {
  const { query, accounts, submission, form, fields, frame, schedule } = usePaymentForm<TransferFormValues, TInternalTransferRequest>({
    rail: "INTERNAL",
    holidays,
    schema: ZInternalTransferRequest,
    toRequest: toTransferRequest,
    fieldControls: FIELD_CONTROLS,
    idPrefix: "transfer",
    defaultValues: transferDefaults(initialAccount ?? ""),
    nextValues: (current) => transferDefaults(current.debtorAccount.identification, current.creditorAccount.identification),
  });
  const { handleSubmit, control, setValue } = form;
  const { payOn } = schedule;

  const [debtorNumber, creditorNumber, amount, remittance] = useWatch({
    control,
    name: ["debtorAccount.identification", "creditorAccount.identification", "instructedAmount.amount", "remittanceInformation"],
  });
  const debtor = accounts.find((a) => a.accountNumber === debtorNumber);
  const creditors = useMemo(() => accounts.filter((a) => a.accountNumber !== debtorNumber), [accounts, debtorNumber]);
  const creditor = creditors.find((a) => a.accountNumber === creditorNumber);
  const debitCurrency = debtor?.availableBalance.currency ?? "";
  const creditCurrency = creditor?.availableBalance.currency ?? "";

  // The credit account is never the debit account: a choice the new debtor takes falls back to the first other account.
  useEffect(() => {
    if (creditors.length > 0 && !creditors.some((a) => a.accountNumber === creditorNumber)) {
      setValue("creditorAccount.identification", creditors[0]!.accountNumber);
    }
  }, [creditors, creditorNumber, setValue]);

  const quote = debtor && creditor ? conversionQuote({ debitCurrency, creditCurrency, amount: (amount ?? "").replace(/,/g, ""), rates }) : null;
  const exceeds = Boolean(debtor && quote?.ok && quote.debitMinor > toMinor(debtor.availableBalance.amount, debitCurrency));
  const gate = accountsGate(query, accounts.length, { title: "No account can make transfers", text: "Transfers are made between your active accounts." });
  if (gate) return gate;
  if (accounts.length < 2) {
    return (
      <Card>
        <EmptyState title="A transfer needs two active accounts">Your organisation has one active account, so there is nowhere to transfer to.</EmptyState>
      </Card>
    );
  }

  const converting = creditCurrency !== "" && creditCurrency !== debitCurrency;
  return (
    <PaymentFormFrame
      frame={frame}
      onSubmit={handleSubmit((body) => submission.send(body))}
      approval={{ rail: "INTERNAL", currency: debitCurrency, amount: (amount ?? "").replace(/,/g, "") }}
      summary={{
        label: "Quote",
        title: "Summary",
        description: converting ? "From the bank's current rate table; the bank's answer is final." : undefined,
        testId: "transfer-quote",
        live: true,
        note: payOn.kind === "later" ? "Completed on its day: both balances change together then." : "Completed at once: both balances change together.",
        submitLabel: "Transfer",
      }}
      rows={
        <>
          <SummaryRow label="Available to transfer" value={debtor ? formatMoney(debtor.availableBalance.amount, debitCurrency) : "—"} />
          {quote?.ok ? (
            <>
              <SummaryRow label="Debited" value={formatMoney(quote.conversion.debit, debitCurrency)} />
              {quote.conversion.rate ? <SummaryRow label="Exchange rate" value={formatRate(quote.conversion.rate, debitCurrency, creditCurrency)} /> : null}
              <SummaryRow label="Credited" value={formatMoney(quote.conversion.credit, creditCurrency)} strong />
            </>
          ) : (
            <QuoteMissing
              term="Conversion"
              quote={quote && !quote.ok ? quote : null}
              from={debitCurrency}
              to={creditCurrency}
              noun="transfer"
              enterAmount="Enter an amount to see what is debited and credited."
            />
          )}
          <SummaryRow label="Charges" value="None on transfers" />
          <PayOnRows payOn={payOn} />
        </>
      }
    >
      <TemplateFill rail="INTERNAL" source={source} onFill={(saved) => saved.rail === "INTERNAL" && form.reset(transferValuesOf(saved.request))} />
      <Fieldset legend="Accounts">
        <PaymentSelectField fields={fields} name="debtor" path="debtorAccount.identification" label="From account" accounts={accounts} />
        <PaymentSelectField
          fields={fields}
          name="creditor"
          path="creditorAccount.identification"
          label="To account"
          hint={creditor && converting ? `In ${creditCurrency}: converted at the bank's rate` : undefined}
          accounts={creditors}
        />
        <AmountField
          fields={fields}
          currency={debitCurrency}
          hint={
            exceeds ? "More than the available balance: the bank would record this transfer as failed." : "In the From account's currency, up to 2 decimals"
          }
        />
        <PayOnField fields={fields} payOn={payOn} noun="transfer" />
      </Fieldset>
      <RemittanceFieldset
        fields={fields}
        legend="Note"
        description="Shown on both accounts' activity and statements: up to 2 lines of 35 characters."
        lines={TRANSFER_REMITTANCE_LINES}
        values={remittance}
        allOptional
        noun="transfer"
      />
    </PaymentFormFrame>
  );
}
