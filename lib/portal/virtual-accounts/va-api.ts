import type { TJobAccepted, TVirtualAccount, TVirtualAccountDetail } from "@/lib/contract/virtual-accounts/responses";
import type { TCreateVirtualAccountsV2, TUpdateVirtualAccountV2 } from "@/lib/contract/virtual-accounts/schema";
import {
  createVirtualAccountsV2Operation,
  getVirtualAccountBalancesOperation,
  getVirtualAccountOperation,
  getVirtualAccountTotalBalanceOperation,
  listVirtualAccountsOperation,
  updateVirtualAccountV2Operation,
} from "@/lib/contract/virtual-accounts/operations";
import { apiJson } from "@/lib/portal/shared/api-client";
import { listPageQuery } from "@/lib/portal/shared/filtered-list";
import type { VirtualAccountPageParams } from "@/lib/portal/shared/query-keys";

/** The virtual-account operations the portal calls (spec §4.6-4.7, decisions §6), all through the public API. */

export type Pagination = { page_start: number; page_size: number; total_size: number; page_token: string };
export type VirtualAccountPage = { meta: { pagination: Pagination }; data: TVirtualAccount[] };
export type BalanceItem = { accountNumber: string; balance: { currency: string; amount: string } };

export const PLACEHOLDER_NAME = "UNALLOCATED";
export function isVirtual(account: Pick<TVirtualAccount, "category">): boolean {
  return account.category === "CMS Sub Acct";
}

export function isUnallocated(account: Pick<TVirtualAccount, "category" | "accountHolderName">): boolean {
  return isVirtual(account) && account.accountHolderName === PLACEHOLDER_NAME;
}

export function fetchVirtualAccountsPage(params: VirtualAccountPageParams, signal?: AbortSignal): Promise<VirtualAccountPage> {
  const query = listPageQuery({ currency: params.currency ?? undefined }, params);
  return apiJson(listVirtualAccountsOperation, { params: { query }, signal });
}

export async function fetchVirtualAccount(number: string, signal?: AbortSignal): Promise<TVirtualAccountDetail> {
  return (await apiJson(getVirtualAccountOperation, { params: { path: { virtualAccountNumber: number } }, signal })).data;
}

export async function fetchBalances(accountNumbers: readonly string[], signal?: AbortSignal): Promise<BalanceItem[]> {
  if (accountNumbers.length === 0) return [];
  return (await apiJson(getVirtualAccountBalancesOperation, { body: { accountNumbers: [...accountNumbers] }, signal })).data;
}

/** Without a currency the API answers in the settlement account's currency. */
export function fetchTotal(currency: string | null, signal?: AbortSignal): Promise<{ currency: string; amount: string }> {
  return apiJson(getVirtualAccountTotalBalanceOperation, { params: { query: currency ? { currency } : {} }, signal });
}

export function createVirtualAccounts(body: TCreateVirtualAccountsV2, idempotencyKey: string): Promise<TJobAccepted> {
  return apiJson(createVirtualAccountsV2Operation, { body, params: { header: { "Idempotency-Key": idempotencyKey } } });
}

export async function updateVirtualAccount(number: string, body: TUpdateVirtualAccountV2, idempotencyKey: string): Promise<TVirtualAccountDetail> {
  const params = { path: { virtualAccountNumber: number }, header: { "Idempotency-Key": idempotencyKey } };
  return (await apiJson(updateVirtualAccountV2Operation, { params, body })).data;
}

/** A v4 UUID: `crypto.randomUUID` where the context allows it (https, localhost), else from random bytes. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
