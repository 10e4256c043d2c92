import type { TAccountSummary } from "@/lib/contract/accounts/schema";
import { accountLabel } from "@/lib/portal/accounts/balances";
import { formatMoney } from "@/lib/contract/money-format";

/** `Operating USD · 1000123456 — USD 250,000.00 available`: the balance is part of the choice. */
export function AccountOptions({ accounts }: { accounts: readonly TAccountSummary[] }) {
  return (
    <>
      {accounts.map((a) => (
        <option key={a.accountId} value={a.accountNumber}>
          {`${accountLabel(a)} · ${a.accountNumber} — ${formatMoney(a.availableBalance.amount, a.availableBalance.currency)} available`}
        </option>
      ))}
    </>
  );
}
