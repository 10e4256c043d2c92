import type { TAccountSummary } from "@/lib/contract/accounts/schema";
import type { TTransaction } from "@/lib/contract/ledger/schema";
import { isInactive } from "@/lib/portal/accounts/balances";

/**
 * The dashboard's recent activity across the organisation's accounts. The API
 * lists transactions per account, newest first, so the newest `size` of each
 * account together hold the newest `size` overall: one small page per account,
 * merged here. Accounts beyond `RECENT_ACCOUNTS_LIMIT` are left out (and the
 * dashboard says so) rather than costing a request each on every visit.
 */
export const RECENT_ACTIVITY_SIZE = 8;
export const RECENT_ACCOUNTS_LIMIT = 20;

export type RecentTransaction = TTransaction & { account: Pick<TAccountSummary, "accountNumber" | "nickname"> };

/** The SDK's `params` of an account's newest postings (GET /v1/accounts/{accountNumber}/transactions). */
export function recentTransactionsParams(accountNumber: string, size = RECENT_ACTIVITY_SIZE) {
  return { path: { accountNumber }, query: { pageSize: size } };
}

/** The accounts asked: the first ones listed, inactive ones last (they rarely move). */
export function accountsToAsk(accounts: readonly TAccountSummary[]): TAccountSummary[] {
  return [...accounts.filter((a) => !isInactive(a)), ...accounts.filter(isInactive)].slice(0, RECENT_ACCOUNTS_LIMIT);
}

/**
 * Newest first across accounts: booking instants compared as instants (the
 * offsets may differ across a daylight-saving change), then the transaction id
 * so equal instants keep one order.
 */
export function mergeRecent(
  lists: ReadonlyArray<{ account: TAccountSummary; transactions: readonly TTransaction[] }>,
  size = RECENT_ACTIVITY_SIZE,
): RecentTransaction[] {
  const all = lists.flatMap(({ account, transactions }) =>
    transactions.map((t) => ({ ...t, account: { accountNumber: account.accountNumber, nickname: account.nickname }, at: Date.parse(t.bookingDateTime) })),
  );
  all.sort((a, b) => b.at - a.at || (a.transactionId < b.transactionId ? 1 : a.transactionId > b.transactionId ? -1 : 0));
  return all.slice(0, size).map(({ at: _at, ...t }) => t);
}
