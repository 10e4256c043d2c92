import type { TAccountSummary } from "@/lib/contract/accounts/schema";
import { fromMinor, toMinor } from "@/lib/contract/money-format";

export type CurrencySlice = { accountNumber: string; label: string; amount: string; share: number };

export type CurrencyTotal = {
  currency: string;
  total: string;
  accountCount: number;
  /** Inactive accounts in this currency: left out of the total (money that cannot be spent), counted so the card says so. */
  inactiveCount: number;
  /** Largest positive balances first, with their share of the currency's positive total. */
  slices: CurrencySlice[];
};

/** Account statuses are spelled several ways in the spec (`Active`, `ACTIVE`, `INACTIVE`). */
export function isInactive(account: { status: string }): boolean {
  return account.status.toUpperCase() === "INACTIVE";
}

export function accountLabel(account: Pick<TAccountSummary, "nickname" | "accountNumber">): string {
  return account.nickname ?? `Account ${account.accountNumber}`;
}

/**
 * Totals per currency, summed in integer minor units. Currencies are never
 * added together: the chart compares accounts within a currency only. An
 * inactive account's balance is left out of the available total (it cannot
 * be spent; issue 24, item 9) and counted in `inactiveCount`; a currency
 * whose accounts are all inactive still gets its card, at zero.
 */
export function totalsByCurrency(accounts: readonly TAccountSummary[]): CurrencyTotal[] {
  const groups = new Map<string, TAccountSummary[]>();
  for (const account of accounts) {
    const currency = account.availableBalance.currency;
    groups.set(currency, [...(groups.get(currency) ?? []), account]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, all]) => {
      const members = all.filter((a) => !isInactive(a));
      const minors = members.map((a) => ({ account: a, minor: toMinor(a.availableBalance.amount, currency) }));
      const total = minors.reduce((sum, m) => sum + m.minor, 0n);
      const positive = minors.filter((m) => m.minor > 0n).sort((a, b) => (b.minor > a.minor ? 1 : b.minor < a.minor ? -1 : 0));
      const positiveTotal = positive.reduce((sum, m) => sum + m.minor, 0n);
      const slices = positive.map((m) => ({
        accountNumber: m.account.accountNumber,
        label: accountLabel(m.account),
        amount: m.account.availableBalance.amount,
        // Basis points in bigint, then a plain number: shares are for drawing only.
        share: positiveTotal === 0n ? 0 : Number((m.minor * 10_000n) / positiveTotal) / 10_000,
      }));
      return { currency, total: fromMinor(total, currency), accountCount: members.length, inactiveCount: all.length - members.length, slices };
    });
}
