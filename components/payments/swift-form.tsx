"use client";

import { useEffect, useMemo, useState } from "react";
import { useWatch } from "react-hook-form";
import { accountsGate } from "@/components/payments/accounts-gate";
import {
  AmountField,
  PaymentFormFrame,
  PaymentSelectField,
  PaymentTextField,
  QuoteMissing,
  RemittanceFieldset,
  SummaryRow,
} from "@/components/payments/payment-form-kit";
import { SwiftChargesChoice } from "@/components/payments/swift-charges";
import { PayOnField, PayOnRows } from "@/components/payments/pay-on";
import { usePaymentForm } from "@/components/payments/use-payment-form";
import { TemplateFill } from "@/components/payment-templates/template-fill";
import type { FillSource } from "@/lib/portal/payment-templates/templates-api";
import { swiftValuesOf } from "@/lib/portal/payment-templates/saved-payment";
import { Counter, Fieldset } from "@/components/ui/form";
import { PayeePicker } from "@/components/payees/payee-picker";
import { SavePayeeOption, saveTypedPayee } from "@/components/payees/save-payee";
import type { TCounterparty } from "@/lib/contract/counterparties/schema";
import { ZSwiftPaymentRequest, type TSwiftPaymentRequest } from "@/lib/contract/payments/schema";
import { swiftSettlementDate } from "@/lib/contract/payments/settlement-date";
import { swiftDefaults, SWIFT_REMITTANCE_LINES, toSwiftRequest, type SwiftFormValues } from "@/lib/portal/payments/payment-forms";
import { swiftCurrencies, swiftQuote, type FxRate } from "@/lib/portal/payments/payment-quote";
import { formatMoney, formatRate } from "@/lib/contract/money-format";
import { rulesInstant } from "@/lib/portal/payments/payment-schedule";

type Props = { rates: FxRate[]; holidays: string[]; initialAccount?: string; source?: FillSource | null };

/** The debit currency follows the account: its errors show on the account's control. */
const FIELD_CONTROLS: Record<string, string> = {
  "debitAmount.currency": "debtorAccount.identification",
};

const upperCase = { setValueAs: (v: string) => v.toUpperCase() };

export function SwiftPaymentForm({ rates, holidays, initialAccount, source = null }: Props) {
  const { query, accounts, submission, form, fields, frame, schedule } = usePaymentForm<SwiftFormValues, TSwiftPaymentRequest>({
    rail: "SWIFT",
    holidays,
    schema: ZSwiftPaymentRequest,
    toRequest: toSwiftRequest,
    fieldControls: FIELD_CONTROLS,
    idPrefix: "swift",
    defaultValues: swiftDefaults(initialAccount ?? ""),
    nextValues: (current) => swiftDefaults(current.debtorAccount.identification, current.instructedAmount.currency),
  });
  const { handleSubmit, control, setValue } = form;
  const { now, holidays: holidaySet, payOn } = schedule;
  const [payee, setPayee] = useState<TCounterparty | null>(null);
  const [saveNote, setSaveNote] = useState<string | null>(null);
  const pick = (p: TCounterparty | null) => {
    setPayee(p);
    setValue("counterpartyId", p?.counterpartyId ?? "");
    if (p) setValue("savePayee", false);
  };

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
  // Valued by the rules of the day it is made: today, or its scheduled day's run.
  const madeAt = rulesInstant(payOn, now);
  const valueDate = madeAt ? swiftSettlementDate(madeAt, holidaySet) : null;

  const gate = accountsGate(query, accounts.length, { title: "No account can make payments", text: "SWIFT payments are made from an active account." });
  if (gate) return gate;

  // Converted, the amount typed is the exact debit (debitAmount); otherwise what the beneficiary gets (instructedAmount).
  const amountPath = converted ? "debitAmount.amount" : "instructedAmount.amount";
  return (
    <PaymentFormFrame
      frame={frame}
      onSubmit={handleSubmit(async (body) => {
        const v = form.getValues();
        const typed = { rail: "SWIFT" as const, name: v.creditorAccount.name, account: v.creditorAccount.identification, accountName: "" };
        const save = v.savePayee && !v.counterpartyId;
        setSaveNote(save ? await saveTypedPayee({ ...typed, bankCode: "", currency: "", bic: v.creditorAgent.identification }) : null);
        await submission.send(body);
      })}
      // Judged as the bank judges a draft (draftFacts): the fixed debit when converted, else the instructed amount.
      approval={
        converted
          ? { rail: "SWIFT", currency: accountCurrency, amount: debitAmount ?? "" }
          : { rail: "SWIFT", currency: creditCurrency, amount: sameAmount ?? "" }
      }
      summary={{
        label: "Quote",
        title: "Quote",
        description: "From the bank's current rate table; the bank's answer is final.",
        testId: "swift-quote",
        live: true,
        note: "Processed the same business day before 14:00 bank time, valued one business day later.",
      }}
      rows={
        <>
          <SummaryRow label="Available" value={account ? formatMoney(account.availableBalance.amount, accountCurrency) : "—"} />
          {quote?.ok ? (
            <>
              <SummaryRow label="You send" value={formatMoney(quote.quote.debit, quote.quote.debitCurrency)} />
              <SummaryRow
                label="Exchange rate"
                value={quote.quote.rate ? formatRate(quote.quote.rate, quote.quote.debitCurrency, quote.quote.creditCurrency) : "No conversion"}
              />
              <SummaryRow label="Beneficiary receives" value={formatMoney(quote.quote.credit, quote.quote.creditCurrency)} />
              <SummaryRow label={`Charge (${chargesType})`} value={formatMoney(quote.quote.charge, quote.quote.debitCurrency)} />
              <div className="border-t border-slate-200 pt-2 dark:border-slate-800">
                <SummaryRow label="Total debit" value={formatMoney(quote.quote.totalDebit, quote.quote.debitCurrency)} strong />
              </div>
            </>
          ) : (
            <QuoteMissing
              term="Conversion and charges"
              quote={quote && !quote.ok ? quote : null}
              from={accountCurrency}
              to={creditCurrency}
              noun="payment"
              enterAmount="Enter an amount to see the conversion and charges."
            />
          )}
          <PayOnRows payOn={payOn} settles={{ label: "Expected value date", date: valueDate }} />
        </>
      }
    >
      <TemplateFill
        rail="SWIFT"
        source={source}
        onFill={(saved, p) => {
          if (saved.rail === "SWIFT") {
            form.reset(swiftValuesOf(saved.request));
            pick(p);
          }
        }}
      />
      <Fieldset legend="From">
        <PaymentSelectField fields={fields} name="debtor" path="debtorAccount.identification" label="Debit account" accounts={accounts} />
        <PaymentSelectField
          fields={fields}
          name="currency"
          path="instructedAmount.currency"
          label="Beneficiary currency"
          hint={converted ? "Converted at the bank's rate" : "Same currency: no conversion"}
        >
          {currencies.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </PaymentSelectField>
        <AmountField
          key={amountPath}
          fields={fields}
          path={amountPath}
          alsoErrors={[converted ? "instructedAmount.amount" : "debitAmount.amount"]}
          currency={accountCurrency}
          label={converted ? "Amount to debit" : "Amount"}
          hint={converted ? "The exact amount taken from your account, before charges" : "Up to 2 decimals, e.g. 1250.00"}
        />
        <SwiftChargesChoice fields={fields} accountCurrency={accountCurrency} />
        <PayOnField fields={fields} payOn={payOn} noun="payment" />
      </Fieldset>
      <Fieldset legend="Beneficiary">
        <PayeePicker rail="SWIFT" picked={payee} onPick={pick} />
        {saveNote ? <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">{saveNote}</p> : null}
      </Fieldset>
      {payee ? null : (
        <>
          <Fieldset legend="Or type the beneficiary">
            <PaymentTextField fields={fields} name="name" path="creditorAccount.name" label="Beneficiary name" hint={<Counter value={name} max={140} />} />
            <PaymentTextField
              fields={fields}
              name="iban"
              path="creditorAccount.identification"
              label="IBAN or account number"
              hint={`${(iban ?? "").replace(/\s+/g, "").length}/34 characters, spaces ignored`}
              inputClassName="font-mono"
            />
            {[0, 1].map((i) => (
              <PaymentTextField
                key={i}
                fields={fields}
                name={`addr-${i}`}
                path={`creditorAccount.additionalInformation.${i}`}
                alsoErrors={i === 0 ? ["creditorAccount.additionalInformation"] : []}
                label={`Beneficiary address line ${i + 1}`}
                optional
              />
            ))}
          </Fieldset>
          <Fieldset legend="Beneficiary bank" description="Give the bank's BIC, or its name and address when it has none.">
            <PaymentTextField
              fields={fields}
              name="bic"
              path="creditorAgent.identification"
              label="BIC (SWIFT code)"
              hint="8 or 11 characters, e.g. DEUTDEFF500"
              inputClassName="font-mono uppercase"
              options={upperCase}
            />
            <PaymentTextField fields={fields} name="bank-name" path="creditorAgent.name" label="Bank name" optional hint="Required without a BIC" />
            {[0, 1].map((i) => (
              <PaymentTextField
                key={i}
                fields={fields}
                name={`bank-addr-${i}`}
                path={`creditorAgent.additionalInformation.${i}`}
                alsoErrors={i === 0 ? ["creditorAgent.additionalInformation"] : []}
                label={`Bank address line ${i + 1}`}
                optional
                hint={i === 0 ? "Required without a BIC" : undefined}
              />
            ))}
            <PaymentTextField
              fields={fields}
              name="intermediary"
              path="intermediaryAgent.identification"
              alsoErrors={["intermediaryAgent"]}
              label="Intermediary bank BIC"
              optional
              inputClassName="font-mono uppercase"
              options={upperCase}
            />
            <SavePayeeOption register={fields.register} />
          </Fieldset>
        </>
      )}
      <RemittanceFieldset
        fields={fields}
        legend="Remittance"
        description="What the beneficiary sees: 1 to 4 lines of up to 35 characters."
        lines={SWIFT_REMITTANCE_LINES}
        values={remittance}
        noun="payment"
      />
    </PaymentFormFrame>
  );
}
