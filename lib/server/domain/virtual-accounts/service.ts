import "server-only";
import type { AuditContext } from "@/lib/server/core/audit/actors";
import { writeAudit } from "@/lib/server/core/audit/write";
import type { PoolClient } from "pg";
import { snapshotList, type PageQuery } from "@/lib/server/core/lists/list";
import type { Queryable } from "@/lib/server/core/db/types";
import { ApiError } from "@/lib/contract/http/errors";
import { formatAmount } from "@/lib/contract/money";
import { planUpdateV1, planUpdateV2 } from "@/lib/server/domain/virtual-accounts/allocation";
import {
  findBalances,
  findStructureAccounts,
  findVirtualAccount,
  fetchVirtualAccounts,
  listProvisionedCurrencies,
  summarizeVirtualAccounts,
  sumBalances,
  updateVirtualAccount,
} from "@/lib/server/domain/virtual-accounts/repo";
import type { TVirtualAccountDetail } from "@/lib/contract/virtual-accounts/responses";
import type { TUpdateVirtualAccountV1, TUpdateVirtualAccountV2 } from "@/lib/contract/virtual-accounts/schema";
import { toBalanceItem, toListedAccount, toVirtualAccountDetail } from "@/lib/server/domain/virtual-accounts/serialize";

export function virtualAccountNotFound(number: string): ApiError {
  return new ApiError("VIRTUAL_ACCOUNT_NOT_FOUND", `No virtual account ${number} was found for this client.`, { field: "virtualAccountNumber" });
}

/** Another client's virtual account answers exactly as an unknown one. */
export async function getVirtualAccountOrThrow(db: Queryable, clientId: string, number: string): Promise<{ data: TVirtualAccountDetail }> {
  const row = await findVirtualAccount(db, clientId, number);
  if (!row) throw virtualAccountNotFound(number);
  return { data: toVirtualAccountDetail(row, await findStructureAccounts(db, clientId, row.currency)) };
}

export async function listVirtualAccountsPage(db: Queryable, clientId: string, query: PageQuery & { currency?: string }, secret: string) {
  const currency = query.currency ?? null;
  const binding = { clientId, endpoint: "GET /v1/virtual-accounts", filters: { currency } };
  return snapshotList(secret, binding, query, {
    summarize: () => summarizeVirtualAccounts(db, clientId, currency),
    fetch: async (window) => (await fetchVirtualAccounts(db, clientId, currency, window)).map((r) => ({ item: toListedAccount(r), at: r.page_at })),
  });
}

export type UpdateRequest = { version: 1; body: TUpdateVirtualAccountV1 } | { version: 2; body: TUpdateVirtualAccountV2 };

/**
 * PATCH (spec §3): the row is locked, so two concurrent allocations of one
 * account serialise and the second sees the first (and gets 409). The change
 * and its audit row commit together.
 */
export async function updateVirtualAccountOrThrow(
  tx: PoolClient,
  audit: AuditContext,
  number: string,
  request: UpdateRequest,
): Promise<{ data: TVirtualAccountDetail }> {
  const { clientId } = audit;
  const row = await findVirtualAccount(tx, clientId, number, { forUpdate: true });
  if (!row) throw virtualAccountNotFound(number);
  const change = request.version === 1 ? planUpdateV1(row, request.body) : planUpdateV2(row, request.body);
  const updated = await updateVirtualAccount(tx, clientId, number, change);
  await writeAudit(tx, {
    ...audit,
    action: change.allocate ? "virtual_account.allocated" : "virtual_account.updated",
    entity: "virtual_account",
    entityId: number,
    data: { apiVersion: request.version, fields: Object.keys(request.body).sort() },
  });
  return { data: toVirtualAccountDetail(updated, await findStructureAccounts(tx, clientId, updated.currency)) };
}

/** Spec §4.6 and decisions §6: every number must be the caller's; the 400 names each one that is not. */
export async function getBalances(db: Queryable, clientId: string, numbers: readonly string[]) {
  const rows = await findBalances(db, clientId, [...new Set(numbers)]);
  const byNumber = new Map(rows.map((r) => [r.number, r]));
  const unknown = numbers.flatMap((number, index) => (byNumber.has(number) ? [] : [{ number, field: `accountNumbers[${index}]` }]));
  if (unknown.length > 0) {
    const details = unknown.map((u) => ({
      field: u.field,
      code: "VIRTUAL_ACCOUNT_NOT_FOUND",
      message: `No virtual account ${u.number} was found for this client.`,
    }));
    const message =
      unknown.length === 1
        ? `Unknown account number ${unknown[0]!.number} in ${unknown[0]!.field}.`
        : `${unknown.length} account numbers are unknown: ${unknown.map((u) => `${u.field} (${u.number})`).join(", ")}.`;
    throw new ApiError("VALIDATION_ERROR", message, { field: unknown[0]!.field, details });
  }
  const data = numbers.map((n) => toBalanceItem(byNumber.get(n)!));
  return { meta: { total_size: data.length }, data };
}

/** Sum of the client's virtual-account balances in one currency, by default the settlement account's. */
export async function getTotalBalance(db: Queryable, clientId: string, requested: string | undefined): Promise<{ currency: string; amount: string }> {
  let currency = requested;
  if (currency === undefined) {
    const settlement = (await findStructureAccounts(db, clientId, null)).find((a) => a.category === "settlement");
    currency = settlement?.currency ?? (await listProvisionedCurrencies(db, clientId))[0];
    if (currency === undefined)
      throw new ApiError("VALIDATION_ERROR", "This client has no settlement account or virtual-account currency; pass currency.", { field: "currency" });
  } else if (!(await listProvisionedCurrencies(db, clientId)).includes(currency)) {
    throw new ApiError("VALIDATION_ERROR", `Invalid currency: ${currency} is not provisioned for this client's virtual accounts.`, {
      field: "currency",
      details: [{ field: "currency", code: "CURRENCY_NOT_PROVISIONED", message: `${currency} is not provisioned for this client's virtual accounts` }],
    });
  }
  return { currency, amount: formatAmount(await sumBalances(db, clientId, currency), currency) };
}
