import { defineOperation } from "@/lib/contract/http/operation";
import { ZStreamedFile } from "@/lib/contract/http/streamed-file";
import { ZAccountBalances, ZStatementQuery, ZTransactionList, ZTransactionParams, ZTransactionsQuery } from "@/lib/contract/ledger/schema";
import { ZInternalTransferRequest, ZPaymentResponse } from "@/lib/contract/payments/schema";
import { ZVirtualAccountParams } from "@/lib/contract/virtual-accounts/schema";

/** Beyond the specification (decisions §10; docs/ledger.md). */

/** What an account's and a virtual account's transactions and statements share: the query, the items, the formats. */
const TRANSACTION_LIST = { method: "GET", query: ZTransactionsQuery, response: ZTransactionList, csv: true } as const;
const STATEMENT = {
  method: "GET",
  query: ZStatementQuery,
  response: ZStreamedFile,
  csv: false,
  files: ["text/csv", "text/plain", "application/xml"],
} as const;

export const listAccountTransactionsOperation = defineOperation({
  id: "listAccountTransactions",
  ...TRANSACTION_LIST,
  path: "/v1/accounts/{accountNumber}/transactions",
  tag: "Accounts",
  summary: "List an account's ledger postings (credits and debits), newest first, with the balance after each",
  description:
    "Every movement of the account: payments, their charges, internal transfers (both legs), deposits, returns and reversals. " +
    "Filters combine (AND): fromDate/toDate (booking date, bank time, inclusive), type Credit/Debit, minAmount/maxAmount " +
    "(the amount without sign, inclusive), text (part of a reference). The page token binds the filters. CSV by Accept: text/csv.",
  access: { permission: "get-account-transactions" },
  params: ZTransactionParams,
  errors: ["VALIDATION_ERROR", "INVALID_PAGE_TOKEN", "ACCOUNT_NOT_FOUND"],
});

export const getAccountStatementOperation = defineOperation({
  id: "getAccountStatement",
  ...STATEMENT,
  path: "/v1/accounts/{accountNumber}/statements",
  tag: "Accounts",
  summary: "An account statement for a date range: opening balance, every entry, closing balance (CSV, MT940 or camt.053)",
  description:
    "format=csv (one row per entry, opening and closing balance rows), mt940 (SWIFT MT940 customer statement: :20: :25: :28C: " +
    ":60F: :61: :86: :62F:) or camt053 (ISO 20022 BankToCustomerStatementV08, camt.053.001.08). Opening + entries = closing to " +
    "the cent. The same filters as the transactions list narrow the entries (the balances stay the account's). Streamed.",
  access: { permission: "get-account-transactions" },
  params: ZTransactionParams,
  errors: ["VALIDATION_ERROR", "ACCOUNT_NOT_FOUND"],
});

export const getAccountBalancesOperation = defineOperation({
  id: "getAccountBalances",
  method: "GET",
  path: "/v1/accounts/{accountNumber}/balances",
  tag: "Accounts",
  summary: "An account's available and booked balances, and what Pending payments hold",
  description:
    "availableBalance is the account's availableBalance (GET /v1/accounts/{accountNumber}): a payment reserves its principal and " +
    "charge when it is submitted. bookedBalance counts a payment only when it completes; until then the difference is " +
    "heldForPendingPayments. A Failed or Reversed payment gives its funds back to both.",
  access: { permission: "get-account" },
  params: ZTransactionParams,
  response: ZAccountBalances,
  csv: true,
  errors: ["VALIDATION_ERROR", "ACCOUNT_NOT_FOUND"],
});

/**
 * A virtual account's sub-ledger (docs/ledger.md, Virtual accounts): the same query, items and
 * formats as an account's. The spec's claim for a virtual account's money (its balances) reads them.
 */
export const listVirtualAccountTransactionsOperation = defineOperation({
  id: "listVirtualAccountTransactions",
  ...TRANSACTION_LIST,
  path: "/v1/virtual-accounts/{virtualAccountNumber}/transactions",
  tag: "Virtual accounts",
  summary: "List a virtual account's postings (credits and debits), newest first, with the balance after each",
  description:
    "The virtual account's sub-ledger: deposits to its number and its opening balance. Each posting is also a journal entry " +
    "on the bank's control account for virtual accounts; entryId names it. Filters, items, pagination and CSV as for an " +
    "account's transactions; the page token binds the filters.",
  access: { permission: "get-virtual-account-transactions" },
  params: ZVirtualAccountParams,
  errors: ["VALIDATION_ERROR", "INVALID_PAGE_TOKEN", "VIRTUAL_ACCOUNT_NOT_FOUND"],
});

export const getVirtualAccountStatementOperation = defineOperation({
  id: "getVirtualAccountStatement",
  ...STATEMENT,
  path: "/v1/virtual-accounts/{virtualAccountNumber}/statements",
  tag: "Virtual accounts",
  summary: "A virtual account statement for a date range: opening balance, every entry, closing balance (CSV, MT940 or camt.053)",
  description: "The account statement's formats and rules over the virtual account's sub-ledger. Streamed.",
  access: { permission: "get-virtual-account-transactions" },
  params: ZVirtualAccountParams,
  errors: ["VALIDATION_ERROR", "VIRTUAL_ACCOUNT_NOT_FOUND"],
});

export const createInternalTransferOperation = defineOperation({
  id: "createInternalTransfer",
  method: "POST",
  path: "/v1/payments/internal",
  tag: "Payments",
  summary: "Transfer between two of the client's own active accounts",
  description:
    "Both legs are one ledger entry, Completed at once. The amount is in the debtor account's currency; between currencies " +
    "the bank's rate table converts it (shown in linkedActivities). An uncovered transfer is a 201 with status `failed`. " +
    "instructionIdentification is unique per client on internal transfers for 24 hours (409 " +
    "INTERNAL_TRANSFER_DUPLICATE_INSTRUCTION_ID).",
  access: { permission: "payment-internal" },
  body: ZInternalTransferRequest,
  response: ZPaymentResponse,
  status: 201,
  csv: false,
  idempotency: "optional",
  errors: ["DEDUPE_LOCK_UNAVAILABLE", "VALIDATION_ERROR", "INTERNAL_TRANSFER_DUPLICATE_INSTRUCTION_ID"],
  example: {
    request: {
      instructionIdentification: "SWEEP-0001",
      debtorAccount: { identification: "1000123456" },
      creditorAccount: { identification: "1000123460" },
      instructedAmount: { currency: "USD", amount: "2500.00" },
      remittanceInformation: ["Month-end sweep"],
    },
  },
});
