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
import { cx } from "@/components/ui/cx";
import { SWIFT_FEES } from "@/lib/contract/payments/pricing";
import { CHARGES_TYPES, ZSwiftPaymentRequest, type TSwiftPaymentRequest } from "@/lib/contract/payments/schema";
import { swiftSettlementDate } from "@/lib/contract/payments/settlement-date";
import { swiftDefaults, toSwiftRequest, type SwiftFormValues } from "@/lib/portal/payments/payment-forms";
import { swiftCurrencies, swiftQuote, type FxRate } from "@/lib/portal/payments/payment-quote";
import { formatMoney } from "@/lib/portal/shared/money-format";

type Props = { rates: FxRate[]; holidays: string[]; initialAccount?: string };

const CHARGE_LABELS: Record<(typeof CHARGES_TYPES)[number], string> = {
  SHA: "Shared: you pay our fee, the beneficiary pays theirs",
  OUR: "You pay all fees, ours and the correspondents'",
  BEN: "The beneficiary pays all fees",
};

const SERVER_FIELD_ALIASES: Record<string, string> = {
  "debitAmount.currency": "debtorAccount.identification",
  "instructedAmount.currency": "instructedAmount.currency",
};

function QuoteRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className={cx("tabular text-right", strong && "font-semibold")}>{value}</dd>
    </div>
  );
}

export function SwiftPaymentForm({ rates, holidays, initialAccount }: Props) {
  const { query, accounts, submission, form } = usePaymentForm<SwiftFormValues, TSwiftPaymentRequest>({
    rail: "SWIFT",
    schema: ZSwiftPaymentRequest,
    toRequest: toSwiftRequest,
    serverFieldAliases: SERVER_FIELD_ALIASES,
    defaultValues: swiftDefaults(initialAccount ?? ""),
  });
  const { register, handleSubmit, formState, control, setValue, getValues } = form;
  const errors = formState.errors;

  const [debtor, creditCurrency, sameAmount, debitAmount, chargesType, name, iban, remittance] = useWatch({
    control,
    name: [
      "debtorAccount.identification",
      "instructedAmount.currency",
      "instructedAmount.amount",
      "debitAmount.amount",
      "chargesType",
      "creditorAccount.name",
      "creditorAccount.identification",
      "remittanceInformation",
    ],
  });
  const account = accounts.find((a) => a.accountNumber === debtor);
  const accountCurrency = account?.availableBalance.currency ?? "";
  const currencies = useMemo(() => (accountCurrency ? swiftCurrencies(accountCurrency, rates) : []), [accountCurrency, rates]);
  const converted = accountCurrency !== "" && creditCurrency !== accountCurrency;

  // The beneficiary's currency follows the account until the user picks one it can pay in.
  useEffect(() => {
    if (currencies.length > 0 && !currencies.includes(creditCurrency)) setValue("instructedAmount.currency", currencies[0]!);
  }, [currencies, creditCurrency, setValue]);

  const quote = accountCurrency
    ? swiftQuote({ accountCurrency, creditCurrency, amount: (converted ? debitAmount : sameAmount) ?? "", chargesType, rates })
    : null;
  const { now } = useBankNow();
  const valueDate = now ? swiftSettlementDate(now, new Set(holidays)) : null;

  const phase = submission.phase;

  const startOver = () => {
    submission.startOver();
    form.reset(swiftDefaults(getValues("debtorAccount.identification"), getValues("instructedAmount.currency")));
  };

  const gate = accountsGate(query, accounts.length, { title: "No account can make payments", text: "SWIFT payments are made from an active account." });
  if (gate) return gate;
  if (phase.kind === "done") return <PaymentResult phase={phase} onNew={startOver} />;

  const busy = submission.busy || formState.isSubmitting;
  const err = (...paths: string[]) => errorAt(errors, ...paths);
  const amountPath = converted ? "debitAmount.amount" : "instructedAmount.amount";
  const amountError = err(amountPath, converted ? "instructedAmount.amount" : "debitAmount.amount");
  const text = (path: Parameters<typeof register>[0], id: string, extra?: string, options?: Parameters<typeof register>[1]) => (
    <input {...register(path, options)} {...describedBy(id, err(path))} autoComplete="off" spellCheck={false} className={inputClass(!!err(path), extra)} />
  );

  return (
    <form
      onSubmit={handleSubmit((body) => submission.send(body))}
      noValidate
      aria-describedby="swift-form-note"
      className="grid items-start gap-6 lg:grid-cols-3"
    >
      <Card className="lg:col-span-2">
        <Fieldset legend="From">
          <FormField id="swift-debtor" label="Debit account" error={err("debtorAccount.identification", "debitAmount.currency")} className="sm:col-span-2">
            <select
              {...register("debtorAccount.identification")}
              {...describedBy("swift-debtor", err("debtorAccount.identification", "debitAmount.currency"))}
              className={inputClass(!!err("debtorAccount.identification", "debitAmount.currency"))}
            >
              <AccountOptions accounts={accounts} />
            </select>
          </FormField>
          <FormField
            id="swift-currency"
            label="Beneficiary currency"
            error={err("instructedAmount.currency")}
            hint={converted ? "Converted at the bank's rate" : "Same currency: no conversion"}
          >
            <select
              {...register("instructedAmount.currency")}
              {...describedBy("swift-currency", err("instructedAmount.currency"))}
              className={inputClass(!!err("instructedAmount.currency"))}
            >
              {currencies.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </FormField>
          <FormField
            id="swift-amount"
            key={amountPath}
            label={converted ? `Amount to debit (${accountCurrency})` : `Amount (${accountCurrency})`}
            error={amountError}
            hint={converted ? "The exact amount taken from your account, before charges" : "Up to 2 decimals, e.g. 1250.00"}
          >
            <input
              {...register(amountPath)}
              {...describedBy("swift-amount", amountError)}
              inputMode="decimal"
              autoComplete="off"
              className={inputClass(!!amountError, "tabular text-right")}
            />
          </FormField>
          <fieldset className="sm:col-span-2" aria-describedby="swift-charges-msg">
            <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">Charges</legend>
            <div className="grid gap-2 sm:grid-cols-3">
              {CHARGES_TYPES.map((t) => (
                <label
                  key={t}
                  className={cx(
                    "flex cursor-pointer items-start gap-2 rounded-md border p-2.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50/60 dark:has-[:checked]:border-brand-400 dark:has-[:checked]:bg-brand-900/30",
                    "border-slate-300 dark:border-slate-700",
                  )}
                >
                  <input type="radio" value={t} {...register("chargesType")} className="mt-0.5 accent-brand-700" />
                  <span>
                    <span className="font-medium">
                      {t} · {accountCurrency ? formatMoney(SWIFT_FEES[t], accountCurrency) : SWIFT_FEES[t]}
                    </span>
                    <span className="block text-xs text-slate-600 dark:text-slate-400">{CHARGE_LABELS[t]}</span>
                  </span>
                </label>
              ))}
            </div>
            <p id="swift-charges-msg" className="mt-1 min-h-5 text-xs text-red-700 dark:text-red-400">
              {err("chargesType") ?? "\u00a0"}
            </p>
          </fieldset>
        </Fieldset>
        <Fieldset legend="Beneficiary">
          <FormField id="swift-name" label="Beneficiary name" error={err("creditorAccount.name")} hint={<Counter value={name} max={140} />}>
            {text("creditorAccount.name", "swift-name")}
          </FormField>
          <FormField
            id="swift-iban"
            label="IBAN or account number"
            error={err("creditorAccount.identification")}
            hint={`${(iban ?? "").replace(/\s+/g, "").length}/34 characters, spaces ignored`}
          >
            {text("creditorAccount.identification", "swift-iban", "font-mono")}
          </FormField>
          {[0, 1].map((i) => (
            <FormField
              key={i}
              id={`swift-addr-${i}`}
              label={`Beneficiary address line ${i + 1}`}
              optional
              error={err(`creditorAccount.additionalInformation.${i}`, ...(i === 0 ? ["creditorAccount.additionalInformation"] : []))}
            >
              {text(`creditorAccount.additionalInformation.${i}`, `swift-addr-${i}`)}
            </FormField>
          ))}
        </Fieldset>
        <Fieldset legend="Beneficiary bank" description="Give the bank's BIC, or its name and address when it has none.">
          <FormField id="swift-bic" label="BIC (SWIFT code)" error={err("creditorAgent.identification")} hint="8 or 11 characters, e.g. DEUTDEFF500">
            {text("creditorAgent.identification", "swift-bic", "font-mono uppercase", { setValueAs: (v: string) => v.toUpperCase() })}
          </FormField>
          <FormField id="swift-bank-name" label="Bank name" optional error={err("creditorAgent.name")} hint="Required without a BIC">
            {text("creditorAgent.name", "swift-bank-name")}
          </FormField>
          {[0, 1].map((i) => (
            <FormField
              key={i}
              id={`swift-bank-addr-${i}`}
              label={`Bank address line ${i + 1}`}
              optional
              error={err(`creditorAgent.additionalInformation.${i}`, ...(i === 0 ? ["creditorAgent.additionalInformation"] : []))}
              hint={i === 0 ? "Required without a BIC" : undefined}
            >
              {text(`creditorAgent.additionalInformation.${i}`, `swift-bank-addr-${i}`)}
            </FormField>
          ))}
          <FormField id="swift-intermediary" label="Intermediary bank BIC" optional error={err("intermediaryAgent.identification", "intermediaryAgent")}>
            {text("intermediaryAgent.identification", "swift-intermediary", "font-mono uppercase", { setValueAs: (v: string) => v.toUpperCase() })}
          </FormField>
        </Fieldset>
        <Fieldset legend="Remittance" description="What the beneficiary sees: 1 to 4 lines of up to 35 characters.">
          {[0, 1, 2, 3].map((i) => (
            <FormField
              key={i}
              id={`swift-remittance-${i}`}
              label={`Line ${i + 1}`}
              optional={i > 0}
              error={err(`remittanceInformation.${i}`, ...(i === 0 ? ["remittanceInformation"] : []))}
              hint={<Counter value={remittance?.[i]} max={35} />}
            >
              <input
                {...register(`remittanceInformation.${i}`)}
                {...describedBy(`swift-remittance-${i}`, err(`remittanceInformation.${i}`, ...(i === 0 ? ["remittanceInformation"] : [])))}
                autoComplete="off"
                className={inputClass(!!err(`remittanceInformation.${i}`, ...(i === 0 ? ["remittanceInformation"] : [])))}
              />
            </FormField>
          ))}
          <FormField
            id="swift-reference"
            label="Your reference (instruction id)"
            error={err("instructionIdentification")}
            hint="Up to 16 characters. The bank refuses a second payment with the same reference for 24 hours."
            className="sm:col-span-2"
          >
            {text("instructionIdentification", "swift-reference", "font-mono sm:max-w-64")}
          </FormField>
        </Fieldset>
      </Card>
      <aside className="space-y-4 lg:sticky lg:top-20" aria-label="Quote">
        <Card>
          <CardHeader title="Quote" description="From the bank's current rate table; the bank's answer is final." />
          <dl className="space-y-2 px-5 py-4 text-sm" aria-live="polite" data-testid="swift-quote">
            <QuoteRow label="Available" value={account ? formatMoney(account.availableBalance.amount, accountCurrency) : "—"} />
            {quote?.ok ? (
              <>
                <QuoteRow label="You send" value={formatMoney(quote.quote.debit, quote.quote.debitCurrency)} />
                <QuoteRow
                  label="Exchange rate"
                  value={quote.quote.rate ? `1 ${quote.quote.debitCurrency} = ${quote.quote.rate} ${quote.quote.creditCurrency}` : "No conversion"}
                />
                <QuoteRow label="Beneficiary receives" value={formatMoney(quote.quote.credit, quote.quote.creditCurrency)} />
                <QuoteRow label={`Charge (${chargesType})`} value={formatMoney(quote.quote.charge, quote.quote.debitCurrency)} />
                <div className="border-t border-slate-200 pt-2 dark:border-slate-800">
                  <QuoteRow label="Total debit" value={formatMoney(quote.quote.totalDebit, quote.quote.debitCurrency)} strong />
                </div>
              </>
            ) : (
              <div>
                <dt className="sr-only">Conversion and charges</dt>
                <dd className="text-slate-600 dark:text-slate-400">
                  {quote && !quote.ok && quote.reason === "no-rate"
                    ? `No rate from ${accountCurrency} to ${creditCurrency} is configured.`
                    : quote && !quote.ok && quote.reason === "too-small"
                      ? "This amount converts to nothing in the beneficiary's currency."
                      : "Enter an amount to see the conversion and charges."}
                </dd>
              </div>
            )}
            <QuoteRow label="Expected value date" value={valueDate ?? "…"} />
          </dl>
          <SubmitActions noteId="swift-form-note" note="Processed the same business day before 14:00 bank time, valued one business day later." busy={busy} />
        </Card>
        <div aria-live="polite">
          <SubmissionNotice phase={phase} onRetry={submission.retry} onNew={startOver} />
        </div>
      </aside>
    </form>
  );
}
