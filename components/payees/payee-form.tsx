"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { FormField, describedBy, inputClass } from "@/components/ui/form";
import type { TCounterparty } from "@/lib/contract/counterparties/schema";
import type { BankCode } from "@/lib/contract/payments/reference";
import { ApiRequestError } from "@/lib/portal/shared/api-client";
import { payeeKeys } from "@/lib/portal/shared/query-keys";
import { changePayee, createPayee, payeeChange, payeeRequest, type PayeeFormValues } from "@/lib/portal/payees/payees-api";

type Props = { bankCodes: BankCode[]; editing: TCounterparty | null; onDone: (message: string) => void; onCancel: () => void };

function initial(p: TCounterparty | null): PayeeFormValues {
  const d = p?.pendingChange?.after ?? p;
  return {
    rail: p?.rail ?? "ACH",
    name: d?.name ?? "",
    account: d?.creditorAccount.identification ?? "",
    accountName: d && d.creditorAccount.name !== d.name ? d.creditorAccount.name : "",
    bankCode: d?.creditorBank?.bankCode ?? "",
    currency: d?.creditorBank?.currency ?? "USD",
    bic: d?.creditorAgent?.identification ?? "",
  };
}

/** The API names the field it refuses (`creditorAccount.identification`): shown under the control that holds it. */
const FIELD_OF: Record<string, keyof PayeeFormValues> = {
  name: "name",
  "creditorAccount.identification": "account",
  "creditorAccount.name": "accountName",
  "creditorBank.bankCode": "bankCode",
  creditorBank: "bankCode",
  "creditorAgent.identification": "bic",
  creditorAgent: "bic",
};

/** Add a payee, or change one (a new account, bank or BIC may wait for approval: the answer says so). */
export function PayeeForm({ bankCodes, editing, onDone, onCancel }: Props) {
  const uid = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<PayeeFormValues>(() => initial(editing));
  const [key] = useState(() => crypto.randomUUID());
  const save = useMutation({
    mutationFn: () => (editing ? changePayee(editing.counterpartyId, payeeChange(values)) : createPayee(payeeRequest(values), key)),
    onSuccess: async (payee) => {
      await queryClient.invalidateQueries({ queryKey: payeeKeys.all });
      const waits = payee.status === "PendingApproval";
      onDone(`${payee.name} ${editing ? "changed" : "added"}${waits ? ": it waits for another person's approval before it can be paid" : ""}.`);
    },
  });
  const error = save.error instanceof ApiRequestError ? save.error : null;
  const fieldError = (f: keyof PayeeFormValues) => (error?.body.field && FIELD_OF[error.body.field] === f ? error.body.message : undefined);
  const set = (f: keyof PayeeFormValues) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [f]: e.target.value }));
  const id = (f: string) => `${uid}-${f}`;
  const banks = bankCodes.filter((b) => b.currency === values.currency);
  const text = (f: keyof PayeeFormValues, label: string, hint?: string, optional?: boolean) => (
    <FormField id={id(f)} label={label} hint={hint} error={fieldError(f)} optional={optional}>
      <input {...describedBy(id(f), fieldError(f))} value={values[f]} onChange={set(f)} autoComplete="off" className={inputClass(Boolean(fieldError(f)))} />
    </FormField>
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <Card>
      <CardHeader title={editing ? `Change ${editing.name}` : "Add a payee"} />
      <form onSubmit={submit} className="grid gap-x-4 px-5 pb-5 sm:grid-cols-2" noValidate>
        <FormField id={id("rail")} label="Rail">
          <select id={id("rail")} value={values.rail} onChange={set("rail")} disabled={editing !== null} className={inputClass()}>
            <option value="ACH">ACH (domestic, USD or BMD)</option>
            <option value="SWIFT">SWIFT (international)</option>
          </select>
        </FormField>
        {text("name", "Payee name", values.rail === "ACH" ? "At most 22 characters unless you give the account name" : undefined)}
        {text("account", values.rail === "SWIFT" ? "IBAN or account number" : "Account number", values.rail === "SWIFT" ? "An IBAN is checked" : undefined)}
        {text("accountName", "Account holder's name", "When it differs from the payee name", true)}
        {values.rail === "ACH" ? (
          <>
            <FormField id={id("currency")} label="Currency">
              <select id={id("currency")} value={values.currency} onChange={set("currency")} className={inputClass()}>
                <option value="USD">USD</option>
                <option value="BMD">BMD</option>
              </select>
            </FormField>
            <FormField id={id("bankCode")} label="Bank" error={fieldError("bankCode")}>
              <select
                {...describedBy(id("bankCode"), fieldError("bankCode"))}
                value={values.bankCode}
                onChange={set("bankCode")}
                className={inputClass(Boolean(fieldError("bankCode")))}
              >
                <option value="">Choose a bank…</option>
                {banks.map((b) => (
                  <option key={b.bankCode} value={b.bankCode}>{`${b.name} (${b.bankCode})`}</option>
                ))}
              </select>
            </FormField>
          </>
        ) : (
          text("bic", "Bank's BIC", "8 or 11 characters, e.g. COBADEFFXXX")
        )}
        {error && !FIELD_OF[error.body.field ?? ""] ? (
          <div className="sm:col-span-2">
            <Notice tone="red">{error.message}</Notice>
          </div>
        ) : null}
        <div className="flex gap-2 pt-2 sm:col-span-2">
          <Button type="submit" variant="primary" disabled={save.isPending}>
            {save.isPending ? "Saving…" : editing ? "Save changes" : "Add payee"}
          </Button>
          <Button onClick={onCancel}>Cancel</Button>
        </div>
      </form>
    </Card>
  );
}
