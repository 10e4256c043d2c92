import { toMinor } from "@/lib/contract/money-format";

/** The chart of balances by virtual account: one bar each, grouped by currency. */

export type BalanceItem = { accountNumber: string; balance: { currency: string; amount: string } };
export type Bar = { number: string; label: string; amount: string; share: number };

/**
 * Bars are scaled within a currency (amounts in different currencies are not
 * comparable), largest first, from exact minor units; a zero or negative
 * balance gets an empty bar. Currencies in alphabetical order.
 */
export function barsByCurrency(items: readonly BalanceItem[], labels: ReadonlyMap<string, string>): Array<{ currency: string; bars: Bar[] }> {
  const groups = new Map<string, Array<{ item: BalanceItem; minor: bigint }>>();
  for (const item of items) {
    const list = groups.get(item.balance.currency) ?? [];
    list.push({ item, minor: toMinor(item.balance.amount, item.balance.currency) });
    groups.set(item.balance.currency, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, list]) => {
      const max = list.reduce((m, e) => (e.minor > m ? e.minor : m), 0n);
      const bars = [...list]
        .sort((a, b) => (b.minor > a.minor ? 1 : b.minor < a.minor ? -1 : a.item.accountNumber.localeCompare(b.item.accountNumber)))
        .map(({ item, minor }) => ({
          number: item.accountNumber,
          label: labels.get(item.accountNumber) ?? item.accountNumber,
          amount: item.balance.amount,
          share: max > 0n && minor > 0n ? Number((minor * 10_000n) / max) / 10_000 : 0,
        }));
      return { currency, bars };
    });
}
