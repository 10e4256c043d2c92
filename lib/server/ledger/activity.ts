import "server-only";
import { findAccountByNumber } from "@/lib/server/accounts/repo";
import type { Queryable } from "@/lib/server/db/types";
import { ApiError } from "@/lib/contract/http/errors";
import type { TTransaction, TTransactionFilters, TTransactionKind, TTransactionList, TTransactionsQuery } from "@/lib/contract/ledger/schema";
import { AmountError, formatAmount, parseAmount } from "@/lib/contract/money";
import { bankTimeNow } from "@/lib/contract/time/bank-time";
import { snapshotList } from "@/lib/server/http/list";
import { fetchActivity, summarizeActivity, type ActivityFilter, type ActivityRow } from "@/lib/server/ledger/activity-repo";

/** What moved the money, from the posting's kind and its payment. */
function kindOf(row: ActivityRow): TTransactionKind {
  if (row.kind.endsWith("_return")) return "Reversal";
  switch (row.kind) {
    case "payment":
      return row.rail === "SWIFT" ? "SWIFT" : "ACH";
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
    bookingDateTime: bankTimeNow(row.booked_at).timestamp,
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

/** The account (the caller's own, else 404 as for an unknown one) and the filter in its currency's minor units. */
export async function activityFilterOf(
  db: Queryable,
  clientId: string,
  accountNumber: string,
  filters: TTransactionFilters,
): Promise<{ filter: ActivityFilter; currency: string }> {
  const account = await findAccountByNumber(db, clientId, accountNumber);
  if (!account) throw accountNotFound(accountNumber);
  const filter: ActivityFilter = {
    clientId,
    accountId: account.account_id,
    fromDate: filters.fromDate,
    toDate: filters.toDate,
    type: filters.type,
    minMinor: boundMinor(filters.minAmount, account.currency, "minAmount"),
    maxMinor: boundMinor(filters.maxAmount, account.currency, "maxAmount"),
    text: filters.text,
  };
  return { filter, currency: account.currency };
}

/** GET /v1/accounts/{accountNumber}/transactions. */
export async function listAccountTransactions(
  db: Queryable,
  clientId: string,
  accountNumber: string,
  query: TTransactionsQuery,
  secret: string,
): Promise<TTransactionList> {
  const { pageStart, pageSize, pageToken, ...filters } = query;
  const { filter } = await activityFilterOf(db, clientId, accountNumber, filters);
  const binding = { clientId, endpoint: "GET /v1/accounts/{accountNumber}/transactions", filters: { accountNumber, ...filters } };
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
