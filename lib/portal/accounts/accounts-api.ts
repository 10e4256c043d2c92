import type { TAccount, TAccountList, TAccountSummary } from "@/lib/contract/accounts/schema";
import { ApiRequestError, apiJson } from "@/lib/portal/shared/api-client";
import type { AccountPageParams } from "@/lib/portal/shared/query-keys";

/** The API's largest page (decisions §4): fewest requests against the client's quota. */
export const EXPORT_PAGE_SIZE = 1000;

export function accountsPagePath(params: AccountPageParams & { pageToken?: string }): string {
  const query = new URLSearchParams({ pageStart: String(params.pageStart), pageSize: String(params.pageSize) });
  if (params.pageToken) {
    // A token pins the page size; sending it again must agree, so it is left out.
    query.delete("pageSize");
    query.set("pageToken", params.pageToken);
  }
  return `/v1/accounts?${query}`;
}

function emptyList(params: AccountPageParams): TAccountList {
  return { meta: { pagination: { page_start: params.pageStart, page_size: params.pageSize, total_size: 0, page_token: "" } }, data: [] };
}

/** A client without accounts is a 404 NO_ACCOUNTS from the API; the portal shows it as an empty list. */
export async function fetchAccountsPage(
  params: AccountPageParams & { pageToken?: string },
  signal?: AbortSignal,
): Promise<TAccountList> {
  try {
    return await apiJson<TAccountList>(accountsPagePath(params), { signal });
  } catch (error) {
    if (error instanceof ApiRequestError && error.code === "NO_ACCOUNTS") return emptyList(params);
    throw error;
  }
}

export function fetchAccount(accountNumber: string, signal?: AbortSignal): Promise<TAccount> {
  return apiJson<TAccount>(`/v1/accounts/${encodeURIComponent(accountNumber)}`, { signal });
}

export type ExportProgress = { loaded: number; total: number };

/**
 * Every account of the client, page after page of one result set (the first
 * page's token goes with the others). An account seen twice, because one was
 * opened while paging shifted the list, is kept once.
 */
export async function fetchAllAccounts(
  onProgress?: (progress: ExportProgress) => void,
  signal?: AbortSignal,
  pageSize = EXPORT_PAGE_SIZE,
): Promise<TAccountSummary[]> {
  const first = await fetchAccountsPage({ pageStart: 1, pageSize }, signal);
  const { total_size: total, page_token: pageToken } = first.meta.pagination;
  const byId = new Map(first.data.map((a) => [a.accountId, a]));
  onProgress?.({ loaded: byId.size, total });
  const pages = Math.ceil(total / pageSize);
  for (let pageStart = 2; pageStart <= pages; pageStart += 1) {
    const page = await fetchAccountsPage({ pageStart, pageSize, pageToken }, signal);
    for (const account of page.data) byId.set(account.accountId, account);
    onProgress?.({ loaded: Math.min(byId.size, total), total });
  }
  return [...byId.values()];
}
