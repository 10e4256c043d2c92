import { defineOperation } from "@/lib/contract/http/operation";
import { ZStreamedFile } from "@/lib/contract/http/streamed-file";
import { ZStatementQuery, ZTransactionList, ZTransactionParams, ZTransactionsQuery } from "@/lib/contract/ledger/schema";
import { ZInternalTransferRequest, ZPaymentResponse } from "@/lib/contract/payments/schema";

/** Beyond the specification (decisions §10; docs/ledger.md). */

export const listAccountTransactionsOperation = defineOperation({
  id: "listAccountTransactions",
  method: "GET",
  path: "/v1/accounts/{accountNumber}/transactions",
  tag: "Accounts",
  summary: "List an account's ledger postings (credits and debits), newest first, with the balance after each",
  description:
    "Every movement of the account: payments, their charges, internal transfers (both legs), deposits, returns and reversals. " +
    "Filters combine (AND): fromDate/toDate (booking date, bank time, inclusive), type Credit/Debit, minAmount/maxAmount " +
    "(the amount without sign, inclusive), text (part of a reference). The page token binds the filters. CSV by Accept: text/csv.",
  access: { permission: "get-account-transactions" },
  params: ZTransactionParams,
  query: ZTransactionsQuery,
  response: ZTransactionList,
  csv: true,
  errors: ["VALIDATION_ERROR", "INVALID_PAGE_TOKEN", "ACCOUNT_NOT_FOUND"],
});

export const getAccountStatementOperation = defineOperation({
  id: "getAccountStatement",
  method: "GET",
  path: "/v1/accounts/{accountNumber}/statements",
  tag: "Accounts",
  summary: "An account statement for a date range: opening balance, every entry, closing balance (CSV, MT940 or camt.053)",
  description:
    "format=csv (one row per entry, opening and closing balance rows), mt940 (SWIFT MT940 customer statement: :20: :25: :28C: " +
    ":60F: :61: :86: :62F:) or camt053 (ISO 20022 BankToCustomerStatementV08, camt.053.001.08). Opening + entries = closing to " +
    "the cent. The same filters as the transactions list narrow the entries (the balances stay the account's). Streamed.",
  access: { permission: "get-account-transactions" },
  params: ZTransactionParams,
  query: ZStatementQuery,
  response: ZStreamedFile,
  csv: false,
  files: ["text/csv", "text/plain", "application/xml"],
  errors: ["VALIDATION_ERROR", "ACCOUNT_NOT_FOUND"],
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
