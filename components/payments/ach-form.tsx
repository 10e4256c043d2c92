"use client";

import { useEffect, useMemo, useState } from "react";
import { useWatch } from "react-hook-form";
import { accountsGate } from "@/components/payments/accounts-gate";
import { PayeePicker } from "@/components/payees/payee-picker";
import { SavePayeeOption, saveTypedPayee } from "@/components/payees/save-payee";
import type { TCounterparty } from "@/lib/contract/counterparties/schema";
import { AmountField, PaymentFormFrame, PaymentSelectField, PaymentTextField, RemittanceFieldset, SummaryRow } from "@/components/payments/payment-form-kit";
import { PayOnField, PayOnRows } from "@/components/payments/pay-on";
import { usePaymentForm } from "@/components/payments/use-payment-form";
import { TemplateFill } from "@/components/payment-templates/template-fill";
import type { FillSource } from "@/lib/portal/payment-templates/templates-api";
import { achValuesOf } from "@/lib/portal/payment-templates/saved-payment";
import { Counter, Fieldset } from "@/components/ui/form";
import { ACH_CURRENCIES, ZAchPaymentRequest, type TAchPaymentRequest } from "@/lib/contract/payments/schema";
import { achSettlementDate } from "@/lib/contract/payments/settlement-date";
import { ACH_REMITTANCE_LINES, achDefaults, toAchRequest, type AchFormValues } from "@/lib/portal/payments/payment-forms";
import type { BankCode, PaymentReference } from "@/lib/contract/payments/reference";
import { exponentOf, formatMoney, toMinor } from "@/lib/contract/money-format";
import { formatBankTime } from "@/lib/contract/time/date-format";
import { rulesInstant } from "@/lib/portal/payments/payment-schedule";
import { nextAchCutoff } from "@/lib/portal/system/ach-cutoff";

type Props = { bankCodes: BankCode[]; holidays: string[]; achCutoff: PaymentReference["achCutoff"]; initialAccount?: string; source?: FillSource | null };

/** Request paths without a control of their own (the currencies follow the account), and the control that shows them. */
const FIELD_CONTROLS: Record<string, string> = {
  debitCurrency: "debtorAccount.identification",
  "instructedAmount.currency": "instructedAmount.amount",
  "creditorBank.currency": "creditorBank.bankCode",
};

export function AchPaymentForm({ bankCodes, holidays, achCutoff, initialAccount, source = null }: Props) {
  const { query, accounts, submission, form, fields, frame, schedule } = usePaymentForm<AchFormValues, TAchPaymentRequest>({
    rail: "ACH",
    holidays,
    currencies: ACH_CURRENCIES,
    schema: ZAchPaymentRequest,
    toRequest: toAchRequest,
    fieldControls: FIELD_CONTROLS,
    idPrefix: "ach",
    defaultValues: achDefaults(initialAccount ?? ""),
    nextValues: (current) => achDefaults(current.debtorAccount.identification),
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

  // Settled by the rules of the day it is made: today, or its scheduled day's run.
  const madeAt = rulesInstant(payOn, now);
  const settlement = madeAt ? achSettlementDate(madeAt, holidaySet, achCutoff) : null;
  // 12-hour with the zone once the bank's clock is known ("3:15 PM AST"); the server's HTML says "bank time".
  const cutoffText = now
    ? formatBankTime(nextAchCutoff(now, holidaySet, achCutoff).at)
    : `${((achCutoff.hour + 11) % 12) + 1}:${String(achCutoff.minute).padStart(2, "0")} ${achCutoff.hour < 12 ? "AM" : "PM"} bank time`;
  const exceeds = useMemo(() => {
    if (!account || !/^\d+(\.\d{1,2})?$/.test((amount ?? "").trim())) return false;
    if (exponentOf(currency) < 2 && (amount ?? "").includes(".")) return false;
    return toMinor(amount.trim(), currency) > toMinor(account.availableBalance.amount, currency);
  }, [account, amount, currency]);

  const gate = accountsGate(query, accounts.length, {
    title: "No account can make ACH payments",
    text: "ACH payments are made from an active USD or BMD account.",
  });
  if (gate) return gate;

  return (
    <PaymentFormFrame
      frame={frame}
      onSubmit={handleSubmit(async (body) => {
        const values = form.getValues();
        setSaveNote(
          values.savePayee && !values.counterpartyId
            ? await saveTypedPayee({
                rail: "ACH",
                name: values.creditorAccount.name,
                account: values.creditorAccount.identification,
                accountName: "",
                bankCode: values.creditorBank.bankCode,
                currency,
                bic: "",
              })
            : null,
        );
        await submission.send(body);
      })}
      approval={{ rail: "ACH", currency, amount: amount ?? "" }}
      summary={{ label: "Summary", title: "Summary", note: `Same day before ${cutoffText} on a business day, otherwise the next business day.` }}
      rows={
        <>
          <SummaryRow label="Available" value={account ? formatMoney(account.availableBalance.amount, currency) : "—"} />
          <SummaryRow label="Charges" value="None on ACH" />
          <PayOnRows payOn={payOn} settles={{ label: "Expected settlement", date: settlement }} />
        </>
      }
    >
      <TemplateFill
        rail="ACH"
        source={source}
        onFill={(saved, p) => {
          if (saved.rail === "ACH") {
            form.reset(achValuesOf(saved.request));
            pick(p);
          }
        }}
      />
      <Fieldset legend="From">
        <PaymentSelectField
          fields={fields}
          name="debtor"
          path="debtorAccount.identification"
          label="Debit account"
          hint={account ? `Currency ${currency}. The payment is in the account's currency.` : undefined}
          accounts={accounts}
        />
        <AmountField
          fields={fields}
          currency={currency}
          hint={exceeds ? "More than the available balance: the bank would record this payment as failed." : "Up to 2 decimals, e.g. 1250.00"}
        />
        <PayOnField fields={fields} payOn={payOn} noun="payment" />
      </Fieldset>
      <Fieldset legend="Beneficiary">
        <PayeePicker rail="ACH" picked={payee} onPick={pick} />
        {saveNote ? <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">{saveNote}</p> : null}
      </Fieldset>
      {payee ? null : (
        <Fieldset legend="Or type the beneficiary">
          <PaymentTextField fields={fields} name="name" path="creditorAccount.name" label="Beneficiary name" hint={<Counter value={name} max={22} />} />
          <PaymentTextField
            fields={fields}
            name="creditor"
            path="creditorAccount.identification"
            label="Beneficiary account number"
            hint={<Counter value={creditorId} max={17} />}
            inputClassName="font-mono"
          />
          <PaymentSelectField
            fields={fields}
            name="bank"
            path="creditorBank.bankCode"
            label="Beneficiary bank"
            hint={currency ? `Banks configured for ${currency}` : undefined}
          >
            <option value="">Choose a bank…</option>
            {banks.map((b) => (
              <option key={`${b.bankCode}-${b.currency}`} value={b.bankCode}>
                {`${b.name} (${b.bankCode})`}
              </option>
            ))}
          </PaymentSelectField>
          <PaymentTextField fields={fields} name="info" path="creditorAccount.additionalInformation" label="Additional information" optional />
          <SavePayeeOption register={fields.register} />
        </Fieldset>
      )}
      <RemittanceFieldset
        fields={fields}
        legend="Remittance"
        description="What the beneficiary sees: 1 or 2 lines of up to 35 characters."
        lines={ACH_REMITTANCE_LINES}
        values={remittance}
        noun="payment"
      />
    </PaymentFormFrame>
  );
}
