import type { TJobAccepted, TVirtualAccount, TVirtualAccountDetail } from "@/lib/contract/virtual-accounts/responses";
import type { TCreateVirtualAccountsV2, TUpdateVirtualAccountV2 } from "@/lib/contract/virtual-accounts/schema";
import { accessToken, ApiRequestError, apiJson, signInUrl, type ApiErrorBody } from "@/lib/portal/shared/api-client";
import { recordQuota } from "@/lib/portal/shared/quota-store";
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

type SendOptions = { method: "POST" | "PATCH"; body: unknown; idempotencyKey?: string; signal?: AbortSignal };

/** A write to the API with the user's in-memory token; errors become ApiRequestError like the reads. */
async function sendJson<T>(path: string, { method, body, idempotencyKey, signal }: SendOptions): Promise<T> {
  const token = await accessToken();
  const response = await fetch(path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      accept: "application/json",
      "content-type": "application/json",
      ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
    },
    body: JSON.stringify(body),
    signal,
    cache: "no-store",
  });
  recordQuota(response.headers);
  if (response.status === 401) {
    window.location.assign(signInUrl(true));
    throw new ApiRequestError(401, { code: "UNAUTHORIZED", message: "Your session has ended. Sign in again." });
  }
  if (!response.ok) throw new ApiRequestError(response.status, (await response.json().catch(() => ({}))) as ApiErrorBody);
  return (await response.json()) as T;
}

export function fetchVirtualAccountsPage(params: VirtualAccountPageParams, signal?: AbortSignal): Promise<VirtualAccountPage> {
  const query = new URLSearchParams({ pageStart: String(params.pageStart), pageSize: String(params.pageSize) });
  if (params.currency) query.set("currency", params.currency);
  return apiJson<VirtualAccountPage>(`/v1/virtual-accounts?${query}`, { signal });
}

export async function fetchVirtualAccount(number: string, signal?: AbortSignal): Promise<TVirtualAccountDetail> {
  return (await apiJson<{ data: TVirtualAccountDetail }>(`/v1/virtual-accounts/${encodeURIComponent(number)}`, { signal })).data;
}

export async function fetchBalances(accountNumbers: readonly string[], signal?: AbortSignal): Promise<BalanceItem[]> {
  if (accountNumbers.length === 0) return [];
  return (await sendJson<{ data: BalanceItem[] }>("/v1/virtual-accounts/balances", { method: "POST", body: { accountNumbers }, signal })).data;
}

/** Without a currency the API answers in the settlement account's currency. */
export function fetchTotal(currency: string | null, signal?: AbortSignal): Promise<{ currency: string; amount: string }> {
  return apiJson(`/v1/virtual-accounts/balances/total${currency ? `?currency=${encodeURIComponent(currency)}` : ""}`, { signal });
}

export function createVirtualAccounts(body: TCreateVirtualAccountsV2, idempotencyKey: string): Promise<TJobAccepted> {
  return sendJson<TJobAccepted>("/v2/virtual-accounts", { method: "POST", body, idempotencyKey });
}

export async function updateVirtualAccount(number: string, body: TUpdateVirtualAccountV2, idempotencyKey: string): Promise<TVirtualAccountDetail> {
  return (await sendJson<{ data: TVirtualAccountDetail }>(`/v2/virtual-accounts/${encodeURIComponent(number)}`, { method: "PATCH", body, idempotencyKey }))
    .data;
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
