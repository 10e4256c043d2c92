"use client";

import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { inputClass, labelClass } from "@/components/ui/form";
import type { TCounterparty } from "@/lib/contract/counterparties/schema";
import { fetchPayees, routingLine } from "@/lib/portal/payees/payees-api";
import { payeeKeys } from "@/lib/portal/shared/query-keys";

type Props = {
  rail: "ACH" | "SWIFT";
  /** The payee the form pays, when one was picked. */
  picked: TCounterparty | null;
  onPick: (payee: TCounterparty | null) => void;
};

/**
 * The payee book inside a payment form: search by name or account, pick one
 * (the form then sends its counterpartyId and shows its details), or clear it
 * to type a beneficiary. Only payees that can be paid now are offered.
 */
export function PayeePicker({ rail, picked, onPick }: Props) {
  const id = useId();
  const [text, setText] = useState("");
  const search = { name: text.trim() || undefined, rail, status: "Active" as const, pageStart: 1, pageSize: 5 };
  const payees = useQuery({
    queryKey: payeeKeys.search(search),
    queryFn: ({ signal }) => fetchPayees(search, signal),
    enabled: picked === null,
  });
  if (picked) {
    return (
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm dark:border-slate-700">
        <p>
          Paying your payee <strong>{picked.name}</strong> <span className="font-mono text-xs">{routingLine(picked)}</span>
        </p>
        <Button onClick={() => onPick(null)}>Type a beneficiary instead</Button>
      </div>
    );
  }
  const found = payees.data?.data ?? [];
  return (
    <div className="mb-4">
      <label htmlFor={`${id}-search`} className={labelClass}>
        Pay one of your payees
      </label>
      <input
        id={`${id}-search`}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Search by name or account"
        autoComplete="off"
        className={inputClass()}
      />
      <ul aria-label="Matching payees" className="mt-2 space-y-1" aria-live="polite">
        {found.map((p) => (
          <li key={p.counterpartyId}>
            <button
              type="button"
              onClick={() => onPick(p)}
              className="w-full rounded-md px-2 py-1 text-left text-sm hover:bg-slate-100 focus-visible:outline-2 dark:hover:bg-slate-800"
            >
              <span className="font-medium">{p.name}</span> <span className="font-mono text-xs text-slate-600 dark:text-slate-400">{routingLine(p)}</span>
            </button>
          </li>
        ))}
      </ul>
      {payees.isSuccess && found.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{text.trim() ? "No payee matches." : "No payees yet: type the beneficiary below."}</p>
      ) : null}
    </div>
  );
}
