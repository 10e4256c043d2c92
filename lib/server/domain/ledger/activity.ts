import "server-only";
import { findAccountByNumber } from "@/lib/server/domain/accounts/repo";
import type { Queryable } from "@/lib/server/core/db/types";
import { ApiError } from "@/lib/contract/http/errors";
import type { TTransaction, TTransactionFilters, TTransactionKind, TTransactionList, TTransactionsQuery } from "@/lib/contract/ledger/schema";
import { AmountError, formatAmount, parseAmount } from "@/lib/contract/money";
import { bankTimestamp } from "@/lib/contract/time/bank-time";
import { snapshotList } from "@/lib/server/core/lists/list";
import { fetchActivity, summarizeActivity, type ActivityFilter, type ActivityRow } from "@/lib/server/domain/ledger/activity-repo";
import { findVirtualAccount } from "@/lib/server/domain/virtual-accounts/repo";
import { virtualAccountNotFound } from "@/lib/server/domain/virtual-accounts/service";

/** What moved the money, from the posting's kind and its payment. */
function kindOf(row: ActivityRow): TTransactionKind {
  if (row.kind.endsWith("_return")) return "Reversal";
  switch (row.kind) {
    case "payment":
      // A posting without a payment row (the uat demo's history) says its rail in its details.
      return (row.rail ?? row.details?.transactionType) === "SWIFT" ? "SWIFT" : "ACH";
    case "transfer":
      return row.converted ? "FX" : "InternalTransfer";
    case "payment_charge":
      return "Charge";
    case "deposit":
      return "Deposit";
    case "opening_balance":
      return "OpeningBalance";
    default:
      return "Adjustment";
  }
}

function counterpartyOf(row: ActivityRow): TTransaction["counterparty"] {
  if (row.rail === "INTERNAL") return { name: null, accountNumber: row.other_account_number };
  if (row.creditor_name !== null || row.creditor_identification !== null) return { name: row.creditor_name, accountNumber: row.creditor_identification };
  if (row.details?.counterpartyName || row.details?.counterpartyAccount) {
    return { name: row.details.counterpartyName ?? null, accountNumber: row.details.counterpartyAccount ?? null };
  }
  return null;
}

export function toTransaction(row: ActivityRow): TTransaction {
  const amount = BigInt(row.amount_minor);
  return {
    transactionId: `TX-${row.posting_id}`,
    entryId: row.entry_id,
    bookingDateTime: bankTimestamp(row.booked_local, row.booked_offset_minutes),
    valueDate: row.value_date,
    type: amount > 0n ? "Credit" : "Debit",
    amount: { currency: row.currency, amount: formatAmount(amount < 0n ? -amount : amount, row.currency) },
    balanceAfter: { currency: row.currency, amount: formatAmount(BigInt(row.balance_after_minor), row.currency) },
    kind: kindOf(row),
    counterparty: counterpartyOf(row),
    references: {
      paymentId: row.payment_id,
      instructionIdentification: row.instruction_identification,
      payerReference: row.details?.payerReference ?? null,
      reference: row.reference,
    },
    remittanceInformation: row.remittance_information ?? [],
    returnReason: row.details?.returnReason ?? null,
  };
}

export function accountNotFound(accountNumber: string): ApiError {
  return new ApiError("ACCOUNT_NOT_FOUND", `No account ${accountNumber} was found for this client.`, { field: "accountNumber" });
}

function boundMinor(value: string | undefined, currency: string, field: "minAmount" | "maxAmount"): bigint | undefined {
  if (value === undefined) return undefined;
  try {
    return parseAmount(value, currency);
  } catch (error) {
    if (error instanceof AmountError) throw new ApiError("VALIDATION_ERROR", `${field}: ${error.message} for ${currency}.`, { field });
    throw error;
  }
}

/** Whose transactions: an account's journal postings, or a virtual account's sub-ledger (docs/ledger.md, Virtual accounts). */
export type ActivitySubject = "account" | "virtual";

/** The caller's own account or virtual account (else 404 as for an unknown one): its ledger key and currency. */
async function subjectOf(db: Queryable, clientId: string, subject: ActivitySubject, number: string): Promise<{ accountId: string; currency: string }> {
  if (subject === "virtual") {
    const va = await findVirtualAccount(db, clientId, number);
    if (!va) throw virtualAccountNotFound(number);
    return { accountId: va.virtual_account_number, currency: va.currency };
  }
  const account = await findAccountByNumber(db, clientId, number);
  if (!account) throw accountNotFound(number);
  return { accountId: account.account_id, currency: account.currency };
}

/** The subject and the filter in its currency's minor units. */
export async function activityFilterOf(
  db: Queryable,
  clientId: string,
  number: string,
  filters: TTransactionFilters,
  subject: ActivitySubject = "account",
): Promise<{ filter: ActivityFilter; currency: string }> {
  const { accountId, currency } = await subjectOf(db, clientId, subject, number);
  const filter: ActivityFilter = {
    clientId,
    accountId,
    ledger: subject,
    fromDate: filters.fromDate,
    toDate: filters.toDate,
    type: filters.type,
    minMinor: boundMinor(filters.minAmount, currency, "minAmount"),
    maxMinor: boundMinor(filters.maxAmount, currency, "maxAmount"),
    text: filters.text,
  };
  return { filter, currency };
}

/** What a page token is bound to besides the filters: the endpoint and its path parameter. */
const BINDINGS: Record<ActivitySubject, { endpoint: string; param: string }> = {
  account: { endpoint: "GET /v1/accounts/{accountNumber}/transactions", param: "accountNumber" },
  virtual: { endpoint: "GET /v1/virtual-accounts/{virtualAccountNumber}/transactions", param: "virtualAccountNumber" },
};

/** GET /v1/accounts/{accountNumber}/transactions and GET /v1/virtual-accounts/{virtualAccountNumber}/transactions. */
export async function listTransactions(
  db: Queryable,
  clientId: string,
  subject: ActivitySubject,
  number: string,
  query: TTransactionsQuery,
  secret: string,
): Promise<TTransactionList> {
  const { pageStart, pageSize, pageToken, ...filters } = query;
  const { filter } = await activityFilterOf(db, clientId, number, filters, subject);
  const { endpoint, param } = BINDINGS[subject];
  const binding = { clientId, endpoint, filters: { [param]: number, ...filters } };
  return snapshotList(
    secret,
    binding,
    { pageStart, pageSize, pageToken },
    {
      summarize: () => summarizeActivity(db, filter),
      fetch: async (window) => (await fetchActivity(db, filter, window)).map((row) => ({ item: toTransaction(row), at: row.page_at })),
    },
  );
}

export const listAccountTransactions = (db: Queryable, clientId: string, accountNumber: string, query: TTransactionsQuery, secret: string) =>
  listTransactions(db, clientId, "account", accountNumber, query, secret);
