"use client";

import { useEffect, useMemo } from "react";
import { useWatch } from "react-hook-form";
import { AccountOptions } from "@/components/payments/account-options";
import { accountsGate } from "@/components/payments/accounts-gate";
import { Counter, describedBy, errorAt, Fieldset, FormField, inputClass } from "@/components/ui/form";
import { PaymentResult, SubmissionNotice, SubmitActions } from "@/components/payments/submission-panel";
import { usePaymentForm } from "@/components/payments/use-payment-form";
import { useBankNow } from "@/components/system/use-bank-now";
import { Card, CardHeader } from "@/components/ui/card";
import { ACH_CURRENCIES, ZAchPaymentRequest, type TAchPaymentRequest } from "@/lib/contract/payments/schema";
import { achSettlementDate } from "@/lib/contract/payments/settlement-date";
import { achDefaults, toAchRequest, type AchFormValues } from "@/lib/portal/payments/payment-forms";
import type { BankCode, PaymentReference } from "@/lib/contract/payments/reference";
import { exponentOf, formatMoney, toMinor } from "@/lib/portal/shared/money-format";

type Props = { bankCodes: BankCode[]; holidays: string[]; achCutoff: PaymentReference["achCutoff"]; initialAccount?: string };

/** Server 400s name a request path; these stand for a control with another name. */
const SERVER_FIELD_ALIASES: Record<string, string> = {
  debitCurrency: "debtorAccount.identification",
  "instructedAmount.currency": "instructedAmount.amount",
  "creditorBank.currency": "creditorBank.bankCode",
};

export function AchPaymentForm({ bankCodes, holidays, achCutoff, initialAccount }: Props) {
  const { query, accounts, submission, form } = usePaymentForm<AchFormValues, TAchPaymentRequest>({
    rail: "ACH",
    currencies: ACH_CURRENCIES,
    schema: ZAchPaymentRequest,
    toRequest: toAchRequest,
    serverFieldAliases: SERVER_FIELD_ALIASES,
    defaultValues: achDefaults(initialAccount ?? ""),
  });
  const { register, handleSubmit, formState, control, setValue, getValues } = form;
  const errors = formState.errors;

  const [debtor, amount, name, creditorId, remittance, bankCode] = useWatch({
    control,
    name: [
      "debtorAccount.identification",
      "instructedAmount.amount",
      "creditorAccount.name",
      "creditorAccount.identification",
      "remittanceInformation",
      "creditorBank.bankCode",
    ],
  });
  const account = accounts.find((a) => a.accountNumber === debtor);
  const currency = account?.availableBalance.currency ?? "";
  const banks = bankCodes.filter((b) => b.currency === currency);

  // A bank code is configured per currency: a choice that the new account's currency lacks is cleared.
  useEffect(() => {
    if (bankCode && !banks.some((b) => b.bankCode === bankCode)) setValue("creditorBank.bankCode", "");
  }, [bankCode, banks, setValue]);

  const { now } = useBankNow();
  const settlement = now ? achSettlementDate(now, new Set(holidays), achCutoff) : null;
  const exceeds = useMemo(() => {
    if (!account || !/^\d+(\.\d{1,2})?$/.test((amount ?? "").trim())) return false;
    if (exponentOf(currency) < 2 && (amount ?? "").includes(".")) return false;
    return toMinor(amount.trim(), currency) > toMinor(account.availableBalance.amount, currency);
  }, [account, amount, currency]);

  const onSubmit = async (body: TAchPaymentRequest) => {
    await submission.send(body);
  };

  const phase = submission.phase;

  const startOver = () => {
    submission.startOver();
    form.reset(achDefaults(getValues("debtorAccount.identification")));
  };

  const gate = accountsGate(query, accounts.length, {
    title: "No account can make ACH payments",
    text: "ACH payments are made from an active USD or BMD account.",
  });
  if (gate) return gate;
  if (phase.kind === "done") return <PaymentResult phase={phase} onNew={startOver} />;

  const busy = submission.busy || formState.isSubmitting;
  const err = (...paths: string[]) => errorAt(errors, ...paths);
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-describedby="ach-form-note" className="grid items-start gap-6 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <Fieldset legend="From">
          <FormField
            id="ach-debtor"
            label="Debit account"
            error={err("debtorAccount.identification", "debitCurrency")}
            hint={account ? `Currency ${currency}. The payment is in the account's currency.` : undefined}
            className="sm:col-span-2"
          >
            <select
              {...register("debtorAccount.identification")}
              {...describedBy("ach-debtor", err("debtorAccount.identification", "debitCurrency"))}
              className={inputClass(!!err("debtorAccount.identification", "debitCurrency"))}
            >
              <AccountOptions accounts={accounts} />
            </select>
          </FormField>
          <FormField
            id="ach-amount"
            label={`Amount${currency ? ` (${currency})` : ""}`}
            error={err("instructedAmount.amount", "instructedAmount.currency")}
            hint={exceeds ? "More than the available balance: the bank would record this payment as failed." : "Up to 2 decimals, e.g. 1250.00"}
          >
            <input
              {...register("instructedAmount.amount")}
              {...describedBy("ach-amount", err("instructedAmount.amount", "instructedAmount.currency"))}
              inputMode="decimal"
              autoComplete="off"
              className={inputClass(!!err("instructedAmount.amount", "instructedAmount.currency"), "tabular text-right")}
            />
          </FormField>
        </Fieldset>
        <Fieldset legend="Beneficiary">
          <FormField id="ach-name" label="Beneficiary name" error={err("creditorAccount.name")} hint={<Counter value={name} max={22} />}>
            <input
              {...register("creditorAccount.name")}
              {...describedBy("ach-name", err("creditorAccount.name"))}
              autoComplete="off"
              className={inputClass(!!err("creditorAccount.name"))}
            />
          </FormField>
          <FormField
            id="ach-creditor"
            label="Beneficiary account number"
            error={err("creditorAccount.identification")}
            hint={<Counter value={creditorId} max={17} />}
          >
            <input
              {...register("creditorAccount.identification")}
              {...describedBy("ach-creditor", err("creditorAccount.identification"))}
              autoComplete="off"
              spellCheck={false}
              className={inputClass(!!err("creditorAccount.identification"), "font-mono")}
            />
          </FormField>
          <FormField
            id="ach-bank"
            label="Beneficiary bank"
            error={err("creditorBank.bankCode", "creditorBank.currency")}
            hint={currency ? `Banks configured for ${currency}` : undefined}
          >
            <select
              {...register("creditorBank.bankCode")}
              {...describedBy("ach-bank", err("creditorBank.bankCode", "creditorBank.currency"))}
              className={inputClass(!!err("creditorBank.bankCode", "creditorBank.currency"))}
            >
              <option value="">Choose a bank…</option>
              {banks.map((b) => (
                <option key={`${b.bankCode}-${b.currency}`} value={b.bankCode}>
                  {`${b.name} (${b.bankCode})`}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id="ach-info" label="Additional information" optional error={err("creditorAccount.additionalInformation")}>
            <input
              {...register("creditorAccount.additionalInformation")}
              {...describedBy("ach-info", err("creditorAccount.additionalInformation"))}
              autoComplete="off"
              className={inputClass(!!err("creditorAccount.additionalInformation"))}
            />
          </FormField>
        </Fieldset>
        <Fieldset legend="Remittance" description="What the beneficiary sees: 1 or 2 lines of up to 35 characters.">
          {[0, 1].map((i) => (
            <FormField
              key={i}
              id={`ach-remittance-${i}`}
              label={`Line ${i + 1}`}
              optional={i > 0}
              error={i === 0 ? err("remittanceInformation.0", "remittanceInformation") : err(`remittanceInformation.${i}`)}
              hint={<Counter value={remittance?.[i]} max={35} />}
            >
              <input
                {...register(`remittanceInformation.${i}`)}
                {...describedBy(`ach-remittance-${i}`, i === 0 ? err("remittanceInformation.0", "remittanceInformation") : err(`remittanceInformation.${i}`))}
                autoComplete="off"
                className={inputClass(!!(i === 0 ? err("remittanceInformation.0", "remittanceInformation") : err(`remittanceInformation.${i}`)))}
              />
            </FormField>
          ))}
          <FormField
            id="ach-reference"
            label="Your reference (instruction id)"
            error={err("instructionIdentification")}
            hint="Up to 16 characters. The bank refuses a second payment with the same reference for 24 hours."
            className="sm:col-span-2"
          >
            <input
              {...register("instructionIdentification")}
              {...describedBy("ach-reference", err("instructionIdentification"))}
              autoComplete="off"
              spellCheck={false}
              className={inputClass(!!err("instructionIdentification"), "font-mono sm:max-w-64")}
            />
          </FormField>
        </Fieldset>
      </Card>
      <aside className="space-y-4 lg:sticky lg:top-20" aria-label="Summary">
        <Card>
          <CardHeader title="Summary" />
          <dl className="space-y-2 px-5 py-4 text-sm">
            <div className="flex justify-between gap-3">
              <dt className="text-slate-600 dark:text-slate-400">Available</dt>
              <dd className="tabular font-medium">{account ? formatMoney(account.availableBalance.amount, currency) : "—"}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-slate-600 dark:text-slate-400">Charges</dt>
              <dd className="tabular">None on ACH</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-slate-600 dark:text-slate-400">Expected settlement</dt>
              <dd className="tabular">{settlement ?? "…"}</dd>
            </div>
          </dl>
          <SubmitActions noteId="ach-form-note" note="Same day before 15:15 bank time on a business day, otherwise the next business day." busy={busy} />
        </Card>
        <div aria-live="polite">
          <SubmissionNotice phase={phase} onRetry={submission.retry} onNew={startOver} />
        </div>
      </aside>
    </form>
  );
}
