"use client";

import { useEffect, useMemo } from "react";
import { useWatch } from "react-hook-form";
import { AccountOptions } from "@/components/payments/account-options";
import { accountsGate } from "@/components/payments/accounts-gate";
import { PaymentResult, SubmissionNotice, SubmitActions } from "@/components/payments/submission-panel";
import { usePaymentForm } from "@/components/payments/use-payment-form";
import { Card, CardHeader } from "@/components/ui/card";
import { cx } from "@/components/ui/cx";
import { Counter, describedBy, errorAt, Fieldset, FormField, inputClass } from "@/components/ui/form";
import { EmptyState } from "@/components/ui/state-message";
import { ZInternalTransferRequest, type TInternalTransferRequest } from "@/lib/contract/payments/schema";
import { toTransferRequest, transferDefaults, TRANSFER_REMITTANCE_LINES, type TransferFormValues } from "@/lib/portal/payments/payment-forms";
import { conversionQuote, type FxRate } from "@/lib/portal/payments/payment-quote";
import { formatMoney, toMinor } from "@/lib/portal/shared/money-format";

type Props = { rates: FxRate[]; initialAccount?: string };

/** Server 400s name a request path; these stand for a control with another name. */
const SERVER_FIELD_ALIASES: Record<string, string> = {
  "instructedAmount.currency": "debtorAccount.identification",
};

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className={cx("tabular text-right", strong && "font-semibold")}>{value}</dd>
    </div>
  );
}

/**
 * A transfer between two of the organisation's own active accounts
 * (POST /v1/payments/internal): the payment forms' submission (one
 * Idempotency-Key per form, one request in flight) and the SWIFT form's
 * conversion preview when the two currencies differ.
 */
export function TransferForm({ rates, initialAccount }: Props) {
  const { query, accounts, submission, form } = usePaymentForm<TransferFormValues, TInternalTransferRequest>({
    rail: "INTERNAL",
    schema: ZInternalTransferRequest,
    toRequest: toTransferRequest,
    serverFieldAliases: SERVER_FIELD_ALIASES,
    defaultValues: transferDefaults(initialAccount ?? ""),
  });
  const { register, handleSubmit, formState, control, setValue, getValues } = form;
  const errors = formState.errors;

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
  const phase = submission.phase;

  const startOver = () => {
    submission.startOver();
    form.reset(transferDefaults(getValues("debtorAccount.identification"), getValues("creditorAccount.identification")));
  };

  const gate = accountsGate(query, accounts.length, { title: "No account can make transfers", text: "Transfers are made between your active accounts." });
  if (gate) return gate;
  if (accounts.length < 2) {
    return (
      <Card>
        <EmptyState title="A transfer needs two active accounts">Your organisation has one active account, so there is nowhere to transfer to.</EmptyState>
      </Card>
    );
  }
  if (phase.kind === "done") return <PaymentResult phase={phase} onNew={startOver} />;

  const busy = submission.busy || formState.isSubmitting;
  const err = (...paths: string[]) => errorAt(errors, ...paths);
  const debtorError = err("debtorAccount.identification", "instructedAmount.currency");
  const amountError = err("instructedAmount.amount");
  return (
    <form
      onSubmit={handleSubmit((body) => submission.send(body))}
      noValidate
      aria-describedby="transfer-form-note"
      className="grid items-start gap-6 lg:grid-cols-3"
    >
      <Card className="lg:col-span-2">
        <Fieldset legend="Accounts">
          <FormField id="transfer-debtor" label="From account" error={debtorError} className="sm:col-span-2">
            <select {...register("debtorAccount.identification")} {...describedBy("transfer-debtor", debtorError)} className={inputClass(!!debtorError)}>
              <AccountOptions accounts={accounts} />
            </select>
          </FormField>
          <FormField
            id="transfer-creditor"
            label="To account"
            error={err("creditorAccount.identification")}
            hint={creditor && creditCurrency !== debitCurrency ? `In ${creditCurrency}: converted at the bank's rate` : undefined}
            className="sm:col-span-2"
          >
            <select
              {...register("creditorAccount.identification")}
              {...describedBy("transfer-creditor", err("creditorAccount.identification"))}
              className={inputClass(!!err("creditorAccount.identification"))}
            >
              <AccountOptions accounts={creditors} />
            </select>
          </FormField>
          <FormField
            id="transfer-amount"
            label={`Amount${debitCurrency ? ` (${debitCurrency})` : ""}`}
            error={amountError}
            hint={
              exceeds ? "More than the available balance: the bank would record this transfer as failed." : "In the From account's currency, up to 2 decimals"
            }
          >
            <input
              {...register("instructedAmount.amount")}
              {...describedBy("transfer-amount", amountError)}
              inputMode="decimal"
              autoComplete="off"
              className={inputClass(!!amountError, "tabular text-right")}
            />
          </FormField>
        </Fieldset>
        <Fieldset legend="Note" description="Shown on both accounts' activity and statements: up to 2 lines of 35 characters.">
          {Array.from({ length: TRANSFER_REMITTANCE_LINES }, (_, i) => {
            const lineError = err(`remittanceInformation.${i}`, ...(i === 0 ? ["remittanceInformation"] : []));
            return (
              <FormField
                key={i}
                id={`transfer-remittance-${i}`}
                label={`Line ${i + 1}`}
                optional
                error={lineError}
                hint={<Counter value={remittance?.[i]} max={35} />}
              >
                <input
                  {...register(`remittanceInformation.${i}`)}
                  {...describedBy(`transfer-remittance-${i}`, lineError)}
                  autoComplete="off"
                  className={inputClass(!!lineError)}
                />
              </FormField>
            );
          })}
          <FormField
            id="transfer-reference"
            label="Your reference (instruction id)"
            error={err("instructionIdentification")}
            hint="Up to 16 characters. The bank refuses a second transfer with the same reference for 24 hours."
            className="sm:col-span-2"
          >
            <input
              {...register("instructionIdentification")}
              {...describedBy("transfer-reference", err("instructionIdentification"))}
              autoComplete="off"
              spellCheck={false}
              className={inputClass(!!err("instructionIdentification"), "font-mono sm:max-w-64")}
            />
          </FormField>
        </Fieldset>
      </Card>
      <aside className="space-y-4 lg:sticky lg:top-20" aria-label="Quote">
        <Card>
          <CardHeader
            title="Summary"
            description={creditCurrency && creditCurrency !== debitCurrency ? "From the bank's current rate table; the bank's answer is final." : undefined}
          />
          <dl className="space-y-2 px-5 py-4 text-sm" aria-live="polite" data-testid="transfer-quote">
            <Row label="Available to transfer" value={debtor ? formatMoney(debtor.availableBalance.amount, debitCurrency) : "—"} />
            {quote?.ok ? (
              <>
                <Row label="Debited" value={formatMoney(quote.conversion.debit, debitCurrency)} />
                {quote.conversion.rate ? <Row label="Exchange rate" value={`1 ${debitCurrency} = ${quote.conversion.rate} ${creditCurrency}`} /> : null}
                <Row label="Credited" value={formatMoney(quote.conversion.credit, creditCurrency)} strong />
              </>
            ) : (
              <div>
                <dt className="sr-only">Conversion</dt>
                <dd className="text-slate-600 dark:text-slate-400">
                  {quote && !quote.ok && quote.reason === "no-rate"
                    ? `No rate from ${debitCurrency} to ${creditCurrency} is configured, so the bank cannot make this transfer.`
                    : quote && !quote.ok && quote.reason === "too-small"
                      ? `This amount converts to nothing in ${creditCurrency}.`
                      : "Enter an amount to see what is debited and credited."}
                </dd>
              </div>
            )}
            <Row label="Charges" value="None on transfers" />
          </dl>
          <SubmitActions noteId="transfer-form-note" note="Completed at once: both balances change together." busy={busy} label="Transfer" />
        </Card>
        <div aria-live="polite">
          <SubmissionNotice phase={phase} onRetry={submission.retry} onNew={startOver} />
        </div>
      </aside>
    </form>
  );
}
