"use client";

import { filterClass, filterLabelClass, FilterSelect } from "@/components/ui/form";
import type { AccountsView, StatusFilter } from "@/lib/portal/accounts/account-filters";

type Props = {
  view: AccountsView;
  currencies: readonly string[];
  onChange: (patch: Partial<AccountsView>) => void;
};

export function AccountsFilters({ view, currencies, onChange }: Props) {
  // The chosen currency stays selectable even when this page has none of it.
  const options = [...new Set([...currencies, ...(view.currency ? [view.currency] : [])])].sort();
  return (
    <div role="search" className="flex flex-wrap items-end gap-3">
      <div className="min-w-48 flex-1">
        <label htmlFor="account-search" className={filterLabelClass}>
          Search
        </label>
        <input
          id="account-search"
          type="search"
          value={view.q}
          onChange={(e) => onChange({ q: e.target.value })}
          placeholder="Number, nickname, type or owner"
          className={filterClass(true)}
        />
      </div>
      <FilterSelect
        id="account-currency"
        label="Currency"
        value={view.currency}
        onChange={(currency) => onChange({ currency })}
        all="All currencies"
        options={options}
      />
      <FilterSelect
        id="account-status"
        label="Status"
        value={view.status}
        onChange={(status) => onChange({ status: status as StatusFilter })}
        options={[
          { value: "all", label: "All statuses" },
          { value: "active", label: "Active" },
          { value: "inactive", label: "Inactive" },
        ]}
      />
    </div>
  );
}
