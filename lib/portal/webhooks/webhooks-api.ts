import { listVirtualAccountsOperation } from "@/lib/contract/virtual-accounts/operations";
import { createSandboxDepositOperation } from "@/lib/contract/deposits/operations";
import {
  createSubscriptionOperation,
  deleteSubscriptionOperation,
  getSigningSecretOperation,
  getSubscriptionOperation,
  listSubscriptionDeliveriesOperation,
  listSubscriptionsOperation,
  retryDeliveryOperation,
  rotateSigningSecretOperation,
} from "@/lib/contract/webhooks/operations";
import type { TAccountSummary } from "@/lib/contract/accounts/schema";
import { isActiveStatus } from "@/lib/contract/accounts/schema";
import type { TCreateDeposit, TDeposit } from "@/lib/contract/deposits/schema";
import { apiJson } from "@/lib/portal/shared/api-client";
import { fetchAccountsPage } from "@/lib/portal/accounts/accounts-api";
import type { PageParams } from "@/lib/portal/shared/query-keys";
import type { TVirtualAccount } from "@/lib/contract/virtual-accounts/responses";
import { isUnallocated, isVirtual } from "@/lib/portal/virtual-accounts/va-api";
import type {
  TCreateSubscription,
  TDelivery,
  TDeliveryAttemptList,
  TRotatedSigningSecret,
  TSigningSecret,
  TSubscription,
  TSubscriptionList,
} from "@/lib/contract/webhooks/schema";

/** The portal's calls to the notification and sandbox operations (spec §4.8, decisions §7-§8). */

export function fetchSubscriptions(params: PageParams, signal?: AbortSignal): Promise<TSubscriptionList> {
  return apiJson(listSubscriptionsOperation, { params: { query: params }, signal });
}

export function fetchSubscription(subscriptionId: string, signal?: AbortSignal): Promise<TSubscription> {
  return apiJson(getSubscriptionOperation, { params: { path: { subscriptionId } }, signal });
}

/** An Idempotency-Key per form submission: a double click or a network retry creates one subscription. */
export function createSubscription(body: TCreateSubscription, idempotencyKey: string): Promise<TSubscription> {
  return apiJson(createSubscriptionOperation, { body, params: { header: { "Idempotency-Key": idempotencyKey } } });
}

export function deactivateSubscription(subscriptionId: string, idempotencyKey: string): Promise<TSubscription> {
  return apiJson(deleteSubscriptionOperation, { params: { path: { subscriptionId }, header: { "Idempotency-Key": idempotencyKey } } });
}

export function fetchAttempts(subscriptionId: string, params: PageParams, signal?: AbortSignal): Promise<TDeliveryAttemptList> {
  return apiJson(listSubscriptionDeliveriesOperation, { params: { path: { subscriptionId }, query: params }, signal });
}

export function retryDelivery(deliveryId: string): Promise<TDelivery> {
  return apiJson(retryDeliveryOperation, { params: { path: { deliveryId } } });
}

export function fetchSigningSecret(signal?: AbortSignal): Promise<TSigningSecret> {
  return apiJson(getSigningSecretOperation, { signal });
}

export function rotateSigningSecret(): Promise<TRotatedSigningSecret> {
  return apiJson(rotateSigningSecretOperation, { body: {} });
}

export function createSandboxDeposit(body: TCreateDeposit): Promise<TDeposit> {
  return apiJson(createSandboxDepositOperation, { body });
}

export type DepositTarget = { accountNumber: string; label: string; currency: string; kind: "account" | "virtual"; active: boolean };

/** The API's largest page: one request per list for the picker. */
const TARGETS_PAGE_SIZE = 1000;

/** Own accounts and virtual accounts a sandbox deposit can go to, for the picker. */
export async function fetchDepositTargets(signal?: AbortSignal): Promise<{ accounts: DepositTarget[]; virtualAccounts: DepositTarget[]; truncated: boolean }> {
  const [accounts, virtual] = await Promise.all([
    fetchAccountsPage({ pageStart: 1, pageSize: TARGETS_PAGE_SIZE }, signal),
    apiJson(listVirtualAccountsOperation, { params: { query: { pageStart: 1, pageSize: TARGETS_PAGE_SIZE } }, signal }),
  ]);
  return {
    ...depositTargets(accounts.data, virtual.data),
    truncated: accounts.meta.pagination.total_size > TARGETS_PAGE_SIZE || virtual.meta.pagination.total_size > TARGETS_PAGE_SIZE,
  };
}

/**
 * The picker's two groups. The virtual-account list also carries the
 * settlement and parent accounts (spec §2.4), which are real accounts already
 * in the first group: only sub-accounts go in the second, so none is listed twice.
 */
export function depositTargets(
  accounts: readonly TAccountSummary[],
  virtual: readonly TVirtualAccount[],
): { accounts: DepositTarget[]; virtualAccounts: DepositTarget[] } {
  return {
    accounts: accounts.map((a) => ({
      accountNumber: a.accountNumber,
      label: a.nickname ?? a.accountSubType,
      currency: a.availableBalance.currency,
      kind: "account",
      active: isActiveStatus(a.status),
    })),
    virtualAccounts: virtual.filter(isVirtual).map((v) => ({
      accountNumber: v.virtualAccountNumber,
      label: isUnallocated(v) ? "Unallocated" : v.accountName,
      currency: v.currency,
      kind: "virtual",
      active: true,
    })),
  };
}
