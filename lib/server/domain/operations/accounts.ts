import "server-only";
import { ApiError } from "@/lib/contract/http/errors";
import { AmountError, formatAmount, parseAmount } from "@/lib/contract/money";
import { ZAccountClose, ZAccountOpen, ZAccountStatus, ZVirtualAccountCurrencyAdd } from "@/lib/contract/ops/schema";
import { withTransaction } from "@/lib/server/core/db/transaction";
import { parseInput } from "@/lib/contract/validation";
import { post } from "@/lib/server/domain/ledger/ledger";
import { auditOperation, opsActor } from "@/lib/server/core/audit/operation";
import * as repo from "@/lib/server/domain/operations/accounts-repo";
import { requireClient } from "@/lib/server/domain/operations/clients";
import type { OpsContext } from "@/lib/server/core/operation-context";
import { provisionCurrency } from "@/lib/server/domain/virtual-accounts/repo";

/** Opening accounts for a client (docs/operations.md, Accounts). */

function openingMinor(amount: string, currency: string): bigint {
  try {
    return parseAmount(amount, currency);
  } catch (error) {
    if (error instanceof AmountError) throw new ApiError("VALIDATION_ERROR", `Invalid openingBalance: ${error.message}.`, { field: "openingBalance" });
    throw error;
  }
}

export type OpenedAccount = { accountNumber: string; accountId: string };

/**
 * Opens an Active account. The opening balance is a ledger posting (kind
 * `opening_balance`) in the same transaction, never a bare balance update.
 * `openedAt` back-dates the opening date (the uat seed's history); with
 * `bookOpeningAt`, the opening balance is booked then too (the demo's history
 * follows it, lib/server/entry/demo-history.ts).
 */
export async function openAccount(ctx: OpsContext, input: unknown, openedAt?: string, bookOpeningAt?: string): Promise<OpenedAccount> {
  const data = parseInput(ZAccountOpen, input);
  const minor = openingMinor(data.openingBalance, data.currency);
  return withTransaction(ctx.db, async (tx) => {
    const client = await requireClient(tx, data.clientId);
    await repo.lockNumbering(tx);
    let accountNumber = data.accountNumber;
    if (accountNumber === undefined) accountNumber = await repo.nextFreeNumber(tx);
    else if (await repo.numberInUse(tx, accountNumber)) {
      throw new ApiError("ALREADY_EXISTS", `Account number ${accountNumber} is already used.`, { field: "accountNumber" });
    }
    const accountId = `ACC-${accountNumber}`;
    const owners = data.owners ?? [{ displayName: client.name, accountHolderType: "Primary" as const }];
    await repo.insertAccount(tx, {
      clientId: client.client_id,
      accountId,
      accountNumber,
      cif: client.cif,
      currency: data.currency,
      accountType: data.accountType ?? null,
      accountSubType: data.accountSubType,
      nickname: data.nickname ?? null,
      category: data.category,
      owners,
      attributes: [
        { name: "BANK_ID", value: "HARBOUR" },
        ...(owners.length > 1 ? [{ name: "JOINT_CIF", value: `${client.cif}-J` }] : []),
        { name: "CREDIT_INTEREST_RATE", value: Number(data.creditInterestRate) },
        { name: "DEBIT_INTEREST_RATE", value: Number(data.debitInterestRate) },
        { name: "OPEN_DATE", value: (openedAt ?? new Date().toISOString()).slice(0, 10) },
        { name: "STATUS", value: "ACTIVE" },
        { name: "ACCOUNT_TYPE", value: data.accountSubType },
        ...(data.attributes ?? []),
      ],
      openedAt,
    });
    if (minor > 0n) {
      await post(tx, {
        clientId: client.client_id,
        accountId,
        amountMinor: minor,
        currency: data.currency,
        kind: "opening_balance",
        reference: `OPEN-${accountNumber}`,
        bookedAt: bookOpeningAt,
      });
    }
    await auditOperation(tx, {
      clientId: client.client_id,
      ...opsActor(ctx),
      action: "account.opened",
      entity: "account",
      entityId: accountId,
      before: null,
      after: {
        accountNumber,
        currency: data.currency,
        category: data.category,
        openingBalance: formatAmount(minor, data.currency),
        owners,
        attributes: data.attributes ?? [],
      },
    });
    return { accountNumber, accountId };
  });
}

export async function setAccountStatus(ctx: OpsContext, input: unknown): Promise<{ accountNumber: string; status: string }> {
  const data = parseInput(ZAccountStatus, input);
  return withTransaction(ctx.db, async (tx) => {
    await requireClient(tx, data.clientId);
    const account = await repo.lockAccount(tx, data.clientId, data.accountNumber);
    if (!account) throw new ApiError("ACCOUNT_NOT_FOUND", `Client ${data.clientId} has no account ${data.accountNumber}.`, { field: "accountNumber" });
    if (account.closed)
      throw new ApiError("INVALID_STATUS_TRANSITION", `Account ${data.accountNumber} is closed; a closed account keeps its status.`, {
        field: "accountNumber",
      });
    await repo.setAccountStatus(tx, data.clientId, account.account_id, data.status);
    await auditOperation(tx, {
      clientId: data.clientId,
      ...opsActor(ctx),
      action: "account.status_changed",
      entity: "account",
      entityId: account.account_id,
      before: { status: account.status },
      after: { status: data.status },
    });
    return { accountNumber: data.accountNumber, status: data.status };
  });
}

/**
 * Closes an account, only at zero: no available balance and no Pending payment
 * that could still be returned to it. The account stays, with its history;
 * the refusal says which condition failed.
 */
export async function closeAccount(ctx: OpsContext, input: unknown): Promise<{ accountNumber: string; status: "Closed" }> {
  const data = parseInput(ZAccountClose, input);
  return withTransaction(ctx.db, async (tx) => {
    await requireClient(tx, data.clientId);
    const account = await repo.lockAccount(tx, data.clientId, data.accountNumber);
    if (!account) throw new ApiError("ACCOUNT_NOT_FOUND", `Client ${data.clientId} has no account ${data.accountNumber}.`, { field: "accountNumber" });
    if (account.closed) throw new ApiError("INVALID_STATUS_TRANSITION", `Account ${data.accountNumber} is already closed.`, { field: "accountNumber" });
    const balance = BigInt(account.available_minor);
    if (balance !== 0n) {
      throw new ApiError(
        "ACCOUNT_NOT_EMPTY",
        `Account ${data.accountNumber} has a balance of ${formatAmount(balance, account.currency)} ${account.currency}; an account closes only at zero. Move the funds out first.`,
        { field: "accountNumber" },
      );
    }
    const pending = await repo.pendingPaymentCount(tx, data.clientId, account.account_id);
    if (pending > 0) {
      throw new ApiError(
        "ACCOUNT_NOT_EMPTY",
        `Account ${data.accountNumber} has ${pending} pending payment${pending === 1 ? "" : "s"}, which could still be returned to it; close it once they have settled.`,
        { field: "accountNumber" },
      );
    }
    await repo.closeAccount(tx, data.clientId, account.account_id);
    await auditOperation(tx, {
      clientId: data.clientId,
      ...opsActor(ctx),
      action: "account.closed",
      entity: "account",
      entityId: account.account_id,
      before: { status: account.status },
      after: { status: "INACTIVE", closed: true },
    });
    return { accountNumber: data.accountNumber, status: "Closed" };
  });
}

/** Lets a client open virtual accounts in one more currency (spec §2.4). */
export async function provisionVirtualAccountCurrency(ctx: OpsContext, input: unknown): Promise<{ clientId: string; currency: string }> {
  const data = parseInput(ZVirtualAccountCurrencyAdd, input);
  return withTransaction(ctx.db, async (tx) => {
    await requireClient(tx, data.clientId);
    await provisionCurrency(tx, data.clientId, data.currency);
    await auditOperation(tx, {
      clientId: data.clientId,
      ...opsActor(ctx),
      action: "virtual_account_currency.provisioned",
      entity: "client",
      entityId: data.clientId,
      before: null,
      after: { currency: data.currency },
    });
    return { clientId: data.clientId, currency: data.currency };
  });
}

export async function listAccountsOf(ctx: Pick<OpsContext, "db">, clientId: string) {
  return (await repo.listClientAccounts(ctx.db, clientId)).map((a) => ({
    accountNumber: a.account_number,
    currency: a.currency,
    status: a.closed ? "Closed" : a.status,
    nickname: a.nickname,
    category: a.category,
    availableBalance: formatAmount(BigInt(a.available_minor), a.currency),
  }));
}
