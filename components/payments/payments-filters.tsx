"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { PAYMENT_STATUSES } from "@/lib/contract/payments/schema";
import type { TPaymentSearchFilters } from "@/lib/contract/payments/search";
import type { TAccountSummary } from "@/lib/contract/accounts/schema";

const FIELD =
  "h-9 w-full rounded-md border border-slate-300 bg-white px-2.5 text-sm text-slate-900 shadow-xs placeholder:text-slate-400 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-500";
const LABEL = "mb-1 block text-xs font-medium text-slate-700 dark:text-slate-300";

type Props = { filters: TPaymentSearchFilters; accounts: readonly TAccountSummary[]; onSearch: (filters: TPaymentSearchFilters) => void };

function TextFilter({
  id,
  label,
  value,
  onChange,
  inputMode,
  type = "text",
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  inputMode?: "decimal";
  type?: "text" | "date";
}) {
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <input id={id} type={type} inputMode={inputMode} value={value} onChange={(e) => onChange(e.target.value)} className={FIELD} />
    </div>
  );
}

/**
 * The search form. It applies on Search (or Enter), so a search is one
 * history entry and one request, not one per keystroke; the API checks
 * every value and its message shows above the table.
 */
export function PaymentsFilters({ filters, accounts, onSearch }: Props) {
  const [draft, setDraft] = useState<TPaymentSearchFilters>(filters);
  // A new search from the URL (Back, a link) replaces what is typed.
  const [shown, setShown] = useState(filters);
  if (shown !== filters) {
    setShown(filters);
    setDraft(filters);
  }
  const set = (name: keyof TPaymentSearchFilters) => (value: string) => setDraft((d) => ({ ...d, [name]: value || undefined }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft);
  };

  return (
    <form role="search" aria-label="Search payments" onSubmit={submit} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <TextFilter id="pay-beneficiary" label="Beneficiary name or account" value={draft.beneficiary ?? ""} onChange={set("beneficiary")} />
      <TextFilter id="pay-reference" label="Remittance text" value={draft.reference ?? ""} onChange={set("reference")} />
      <TextFilter id="pay-instruction" label="Instruction id" value={draft.instructionIdentification ?? ""} onChange={set("instructionIdentification")} />
      <div>
        <label htmlFor="pay-account" className={LABEL}>
          Debit account
        </label>
        <select id="pay-account" value={draft.accountNumber ?? ""} onChange={(e) => set("accountNumber")(e.target.value)} className={FIELD}>
          <option value="">All accounts</option>
          {accounts.map((a) => (
            <option key={a.accountId} value={a.accountNumber}>
              {`${a.nickname ?? a.accountSubType} · ${a.accountNumber} · ${a.availableBalance.currency}`}
            </option>
          ))}
        </select>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <TextFilter id="pay-min" label="Amount from" value={draft.minAmount ?? ""} onChange={set("minAmount")} inputMode="decimal" />
        <TextFilter id="pay-max" label="Amount to" value={draft.maxAmount ?? ""} onChange={set("maxAmount")} inputMode="decimal" />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <TextFilter id="pay-from" label="Submitted from" type="date" value={draft.fromDate ?? ""} onChange={set("fromDate")} />
        <TextFilter id="pay-to" label="Submitted to" type="date" value={draft.toDate ?? ""} onChange={set("toDate")} />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label htmlFor="pay-status" className={LABEL}>
            Status
          </label>
          <select id="pay-status" value={draft.status ?? ""} onChange={(e) => set("status")(e.target.value)} className={FIELD}>
            <option value="">Any status</option>
            {PAYMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="pay-rail" className={LABEL}>
            Rail
          </label>
          <select id="pay-rail" value={draft.rail ?? ""} onChange={(e) => set("rail")(e.target.value)} className={FIELD}>
            <option value="">ACH and SWIFT</option>
            <option value="ACH">ACH</option>
            <option value="SWIFT">SWIFT</option>
          </select>
        </div>
      </div>
      <div className="flex items-end gap-2">
        <Button type="submit" variant="primary">
          Search
        </Button>
        <Button onClick={() => onSearch({})}>Clear</Button>
      </div>
    </form>
  );
}
