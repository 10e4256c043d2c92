import type { TAccountSummary } from "@/lib/contract/accounts/schema";
import { isInactive } from "@/lib/portal/accounts/balances";

/**
 * The accounts page's URL state. The API lists accounts without filters
 * (spec §4.1), so currency, status and search narrow the page that is loaded;
 * the page says so whenever a filter is on.
 */
export const PAGE_SIZES = [5, 10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

export type StatusFilter = "all" | "active" | "inactive";
export type AccountsView = { page: number; size: number; q: string; currency: string; status: StatusFilter };

type Params = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";

export function parseAccountsView(params: Params): AccountsView {
  const page = Number.parseInt(one(params.page), 10);
  const size = Number.parseInt(one(params.size), 10);
  const status = one(params.status);
  const currency = one(params.currency).toUpperCase();
  return {
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    q: one(params.q).slice(0, 100),
    currency: /^[A-Z]{3}$/.test(currency) ? currency : "",
    status: status === "active" || status === "inactive" ? status : "all",
  };
}

/** Only what differs from the defaults goes into the URL, so links stay short. */
export function accountsViewQuery(view: AccountsView): string {
  const query = new URLSearchParams();
  if (view.page !== 1) query.set("page", String(view.page));
  if (view.size !== DEFAULT_PAGE_SIZE) query.set("size", String(view.size));
  if (view.q) query.set("q", view.q);
  if (view.currency) query.set("currency", view.currency);
  if (view.status !== "all") query.set("status", view.status);
  const text = query.toString();
  return text ? `?${text}` : "";
}

export function hasFilters(view: AccountsView): boolean {
  return view.q.trim() !== "" || view.currency !== "" || view.status !== "all";
}

export function filterAccounts(accounts: readonly TAccountSummary[], view: AccountsView): TAccountSummary[] {
  const needle = view.q.trim().toLowerCase();
  return accounts.filter((account) => {
    if (view.currency && account.availableBalance.currency !== view.currency) return false;
    if (view.status === "inactive" && !isInactive(account)) return false;
    if (view.status === "active" && isInactive(account)) return false;
    if (!needle) return true;
    return [account.accountNumber, account.nickname ?? "", account.accountType ?? "", account.accountSubType, ...account.owners.map((o) => o.displayName)].some(
      (text) => text.toLowerCase().includes(needle),
    );
  });
}
