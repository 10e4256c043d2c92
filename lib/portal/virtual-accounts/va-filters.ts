import type { TVirtualAccount } from "@/lib/contract/virtual-accounts/responses";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "@/lib/portal/accounts/account-filters";
import { isUnallocated, isVirtual } from "@/lib/portal/virtual-accounts/va-api";

/**
 * The virtual accounts page's URL state. `currency` is the API's own filter
 * (GET /v1/virtual-accounts?currency=); allocation state is not an API filter,
 * so it narrows the loaded page and the page says so.
 */
export type AllocationFilter = "all" | "allocated" | "unallocated";
export type VaView = { page: number; size: number; currency: string; allocation: AllocationFilter };

type Params = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";

export function parseVaView(params: Params): VaView {
  const page = Number.parseInt(one(params.page), 10);
  const size = Number.parseInt(one(params.size), 10);
  const currency = one(params.currency).toUpperCase();
  const allocation = one(params.allocation);
  return {
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    currency: /^[A-Z]{3}$/.test(currency) ? currency : "",
    allocation: allocation === "allocated" || allocation === "unallocated" ? allocation : "all",
  };
}

export function vaViewQuery(view: VaView): string {
  const query = new URLSearchParams();
  if (view.page !== 1) query.set("page", String(view.page));
  if (view.size !== DEFAULT_PAGE_SIZE) query.set("size", String(view.size));
  if (view.currency) query.set("currency", view.currency);
  if (view.allocation !== "all") query.set("allocation", view.allocation);
  const text = query.toString();
  return text ? `?${text}` : "";
}

/** Settlement and parent accounts are neither allocated nor unallocated: an allocation filter hides them. */
export function filterByAllocation(accounts: readonly TVirtualAccount[], allocation: AllocationFilter): TVirtualAccount[] {
  if (allocation === "all") return [...accounts];
  return accounts.filter((a) => isVirtual(a) && isUnallocated(a) === (allocation === "unallocated"));
}
