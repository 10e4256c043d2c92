"use client";

import type { AccountsView, StatusFilter } from "@/lib/portal/accounts/account-filters";

const fieldClass =
  "h-9 rounded-md border border-slate-300 bg-white px-2.5 text-sm text-slate-900 shadow-xs dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100";

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
        <label htmlFor="account-search" className="mb-1 block text-xs font-medium text-slate-700 dark:text-slate-300">
          Search
        </label>
        <input
          id="account-search"
          type="search"
          value={view.q}
          onChange={(e) => onChange({ q: e.target.value })}
          placeholder="Number, nickname, type or owner"
          className={`${fieldClass} w-full`}
        />
      </div>
      <div>
        <label htmlFor="account-currency" className="mb-1 block text-xs font-medium text-slate-700 dark:text-slate-300">
          Currency
        </label>
        <select id="account-currency" value={view.currency} onChange={(e) => onChange({ currency: e.target.value })} className={fieldClass}>
          <option value="">All currencies</option>
          {options.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="account-status" className="mb-1 block text-xs font-medium text-slate-700 dark:text-slate-300">
          Status
        </label>
        <select
          id="account-status"
          value={view.status}
          onChange={(e) => onChange({ status: e.target.value as StatusFilter })}
          className={fieldClass}
        >
          <option value="all">All statuses</option>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </select>
      </div>
    </div>
  );
}
