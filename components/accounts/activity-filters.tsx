"use client";

import { useId, type ReactNode } from "react";
import { inputClass, labelClass } from "@/components/ui/form";
import { DATE_PRESET_LABELS, DATE_PRESETS, presetRange, type ActivityFilters, type DatePreset } from "@/lib/portal/accounts/activity";

/** The activity filters: a date range with presets, credit/debit, an amount range and text over references. */
export function ActivityFiltersForm({ value, today, onChange }: { value: ActivityFilters; today: string; onChange: (next: ActivityFilters) => void }) {
  const id = useId();
  const set = (patch: Partial<ActivityFilters>) => onChange({ ...value, ...patch });
  const choosePreset = (preset: DatePreset) => set(preset === "custom" ? { preset } : { preset, ...presetRange(preset, today) });
  const field = (name: string, label: string, control: ReactNode) => (
    <div>
      <label htmlFor={`${id}-${name}`} className={labelClass}>
        {label}
      </label>
      {control}
    </div>
  );
  return (
    <form
      role="search"
      aria-label="Filter activity"
      className="grid gap-3 px-4 py-3 sm:grid-cols-2 sm:px-5 lg:grid-cols-4"
      onSubmit={(e) => e.preventDefault()}
    >
      {field(
        "preset",
        "Period",
        <select id={`${id}-preset`} className={inputClass()} value={value.preset} onChange={(e) => choosePreset(e.target.value as DatePreset)}>
          {DATE_PRESETS.map((p) => (
            <option key={p} value={p}>
              {DATE_PRESET_LABELS[p]}
            </option>
          ))}
        </select>,
      )}
      {field(
        "from",
        "From",
        <input
          id={`${id}-from`}
          type="date"
          className={inputClass()}
          value={value.fromDate}
          max={value.toDate}
          onChange={(e) => set({ preset: "custom", fromDate: e.target.value })}
        />,
      )}
      {field(
        "to",
        "To",
        <input
          id={`${id}-to`}
          type="date"
          className={inputClass()}
          value={value.toDate}
          min={value.fromDate}
          onChange={(e) => set({ preset: "custom", toDate: e.target.value })}
        />,
      )}
      {field(
        "type",
        "Credits or debits",
        <select id={`${id}-type`} className={inputClass()} value={value.type} onChange={(e) => set({ type: e.target.value as ActivityFilters["type"] })}>
          <option value="">Both</option>
          <option value="Credit">Credits only</option>
          <option value="Debit">Debits only</option>
        </select>,
      )}
      {field(
        "min",
        "Amount from",
        <input
          id={`${id}-min`}
          inputMode="decimal"
          placeholder="0.00"
          className={inputClass()}
          value={value.minAmount}
          onChange={(e) => set({ minAmount: e.target.value })}
        />,
      )}
      {field(
        "max",
        "Amount up to",
        <input
          id={`${id}-max`}
          inputMode="decimal"
          placeholder="any"
          className={inputClass()}
          value={value.maxAmount}
          onChange={(e) => set({ maxAmount: e.target.value })}
        />,
      )}
      <div className="sm:col-span-2">
        {field(
          "text",
          "Reference contains",
          <input
            id={`${id}-text`}
            type="search"
            maxLength={35}
            placeholder="Payment id, instruction id, payee, remittance, payer reference"
            className={inputClass()}
            value={value.text}
            onChange={(e) => set({ text: e.target.value })}
          />,
        )}
      </div>
    </form>
  );
}
