"use client";

import type { PaymentFields } from "@/components/payments/payment-form-kit";
import { cx } from "@/components/ui/cx";
import { SWIFT_FEES } from "@/lib/contract/payments/pricing";
import { CHARGES_TYPES } from "@/lib/contract/payments/schema";
import { formatMoney } from "@/lib/contract/money-format";

const CHARGE_LABELS: Record<(typeof CHARGES_TYPES)[number], string> = {
  SHA: "Shared: you pay our fee, the beneficiary pays theirs",
  OUR: "You pay all fees, ours and the correspondents'",
  BEN: "The beneficiary pays all fees",
};

/** Who pays a SWIFT payment's fees: one card per choice, with our fee in the account's currency. */
export function SwiftChargesChoice({ fields, accountCurrency }: { fields: PaymentFields; accountCurrency: string }) {
  return (
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
            <input type="radio" value={t} {...fields.register("chargesType")} className="mt-0.5 accent-brand-700" />
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
        {fields.err("chargesType") ?? "\u00a0"}
      </p>
    </fieldset>
  );
}
