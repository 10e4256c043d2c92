import { getAccountBalancesOperation } from "@/lib/contract/ledger/operations";
import { getAccountOperation, listAccountsOperation } from "@/lib/contract/accounts/operations";
import type { TAccount, TAccountList, TAccountSummary } from "@/lib/contract/accounts/schema";
import type { TAccountBalances } from "@/lib/contract/ledger/schema";
import { ApiRequestError, apiJson, apiJsonResponse } from "@/lib/portal/shared/api-client";
import { pageQuery } from "@/lib/portal/shared/filtered-list";
import type { AccountPageParams } from "@/lib/portal/shared/query-keys";

/** The API's largest page (decisions §4): fewest requests against the client's quota. */
export const EXPORT_PAGE_SIZE = 1000;

function emptyList(params: AccountPageParams): TAccountList {
  return { meta: { pagination: { page_start: params.pageStart, page_size: params.pageSize, total_size: 0, page_token: "" } }, data: [] };
}

/**
 * A page and when the API read it: its HTTP Date (the server's clock). The
 * list's balances are live, so that is the time they are as of.
 * A client without accounts is a 404 NO_ACCOUNTS from the API; the portal shows it as an empty list.
 */
async function readAccountsPage(params: AccountPageParams & { pageToken?: string }, signal?: AbortSignal): Promise<{ list: TAccountList; readAt: string }> {
  try {
    const { body: list, headers } = await apiJsonResponse(listAccountsOperation, { params: { query: pageQuery(params) }, signal });
    const date = Date.parse(headers.get("date") ?? "");
    return { list, readAt: new Date(Number.isNaN(date) ? Date.now() : date).toISOString() };
  } catch (error) {
    if (error instanceof ApiRequestError && error.code === "NO_ACCOUNTS") return { list: emptyList(params), readAt: new Date().toISOString() };
    throw error;
  }
}

export async function fetchAccountsPage(params: AccountPageParams & { pageToken?: string }, signal?: AbortSignal): Promise<TAccountList> {
  return (await readAccountsPage(params, signal)).list;
}

export function fetchAccount(accountNumber: string, signal?: AbortSignal): Promise<TAccount> {
  return apiJson(getAccountOperation, { params: { path: { accountNumber } }, signal });
}

/** Available and booked balances and what Pending payments hold (GET /v1/accounts/{n}/balances). */
export function fetchAccountBalances(accountNumber: string, signal?: AbortSignal): Promise<TAccountBalances> {
  return apiJson(getAccountBalancesOperation, { params: { path: { accountNumber } }, signal });
}

export type ExportProgress = { loaded: number; total: number };

/** An account of the export with the time its balance was read. */
export type ReadAccount = { account: TAccountSummary; balanceAsOf: string };

/**
 * Every account of the client, page after page of one result set (the first
 * page's token goes with the others). An account seen twice, because one was
 * opened while paging shifted the list, is kept once (its later reading).
 */
export async function readAllAccounts(
  onProgress?: (progress: ExportProgress) => void,
  signal?: AbortSignal,
  pageSize = EXPORT_PAGE_SIZE,
): Promise<ReadAccount[]> {
  const first = await readAccountsPage({ pageStart: 1, pageSize }, signal);
  const { total_size: total, page_token: pageToken } = first.list.meta.pagination;
  const byId = new Map<string, ReadAccount>();
  const keep = (page: { list: TAccountList; readAt: string }) => {
    for (const account of page.list.data) byId.set(account.accountId, { account, balanceAsOf: page.readAt });
  };
  keep(first);
  onProgress?.({ loaded: byId.size, total });
  const pages = Math.ceil(total / pageSize);
  for (let pageStart = 2; pageStart <= pages; pageStart += 1) {
    keep(await readAccountsPage({ pageStart, pageSize, pageToken }, signal));
    onProgress?.({ loaded: Math.min(byId.size, total), total });
  }
  return [...byId.values()];
}

export async function fetchAllAccounts(
  onProgress?: (progress: ExportProgress) => void,
  signal?: AbortSignal,
  pageSize = EXPORT_PAGE_SIZE,
): Promise<TAccountSummary[]> {
  return (await readAllAccounts(onProgress, signal, pageSize)).map((read) => read.account);
}
