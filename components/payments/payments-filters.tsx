"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { FilterInput, FilterSelect } from "@/components/ui/form";
import { PAYMENT_STATUSES, RAILS } from "@/lib/contract/payments/schema";
import type { TPaymentSearchFilters } from "@/lib/contract/payments/search";
import type { TAccountSummary } from "@/lib/contract/accounts/schema";
import { RAIL_LABELS } from "@/lib/portal/payments/payment-search";

const RAIL_OPTIONS = RAILS.map((rail) => ({ value: rail, label: RAIL_LABELS[rail] }));

type Props = { filters: TPaymentSearchFilters; accounts: readonly TAccountSummary[]; onSearch: (filters: TPaymentSearchFilters) => void };

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
    // Four columns only where a pair of selects or dates still shows its words (1536 px and wider): at 1280 px a cell
    // held "Any statu" and "mm/dd/y".
    <form role="search" aria-label="Search payments" onSubmit={submit} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
      <FilterInput id="pay-beneficiary" label="Beneficiary name or account" value={draft.beneficiary ?? ""} onChange={set("beneficiary")} />
      <FilterInput id="pay-reference" label="Remittance text" value={draft.reference ?? ""} onChange={set("reference")} />
      <FilterInput id="pay-instruction" label="Instruction id" value={draft.instructionIdentification ?? ""} onChange={set("instructionIdentification")} />
      <FilterSelect
        id="pay-account"
        label="Debit account"
        value={draft.accountNumber ?? ""}
        onChange={set("accountNumber")}
        all="All accounts"
        options={accounts.map((a) => ({
          value: a.accountNumber,
          label: `${a.nickname ?? a.accountSubType} · ${a.accountNumber} · ${a.availableBalance.currency}`,
        }))}
        wide
      />
      <div className="grid grid-cols-2 gap-3">
        <FilterInput id="pay-min" label="Amount from" value={draft.minAmount ?? ""} onChange={set("minAmount")} inputMode="decimal" />
        <FilterInput id="pay-max" label="Amount to" value={draft.maxAmount ?? ""} onChange={set("maxAmount")} inputMode="decimal" />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <FilterInput id="pay-from" label="Submitted from" type="date" value={draft.fromDate ?? ""} onChange={set("fromDate")} />
        <FilterInput id="pay-to" label="Submitted to" type="date" value={draft.toDate ?? ""} onChange={set("toDate")} />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <FilterSelect id="pay-status" label="Status" value={draft.status ?? ""} onChange={set("status")} all="Any status" options={PAYMENT_STATUSES} wide />
        <FilterSelect id="pay-rail" label="Rail" value={draft.rail ?? ""} onChange={set("rail")} all="All rails" options={RAIL_OPTIONS} wide />
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
