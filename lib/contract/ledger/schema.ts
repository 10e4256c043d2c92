import { z } from "zod";
import { envelopeOf, ZAccountNumber, ZMoney } from "@/lib/contract/api/schemas";
import { paginationQuery } from "@/lib/contract/http/pagination";
import { isValidAmountFormat, MAX_AMOUNT_LENGTH } from "@/lib/contract/money";

/**
 * Account transactions and statements (issue 13, decisions §10). One schema
 * for the handler, the portal's activity filters and the OpenAPI document.
 * Browser-safe: zod only.
 */

/** What moved the money, as treasury systems group it. */
export const TRANSACTION_KINDS = ["ACH", "SWIFT", "InternalTransfer", "Deposit", "Charge", "FX", "Reversal", "OpeningBalance", "Adjustment"] as const;
export type TTransactionKind = (typeof TRANSACTION_KINDS)[number];

export const STATEMENT_FORMATS = ["csv", "mt940", "camt053"] as const;
export type TStatementFormat = (typeof STATEMENT_FORMATS)[number];

const bankDate = (label: string) =>
  z.iso.date(`${label} must be a date written YYYY-MM-DD`).meta({ description: `${label} (bank time, Atlantic/Bermuda, inclusive)`, example: "2026-11-24" });

const amountBound = (label: string) =>
  z
    .string()
    .max(MAX_AMOUNT_LENGTH, `${label} must be at most ${MAX_AMOUNT_LENGTH} characters`)
    .refine((v) => isValidAmountFormat(v, 2), `${label} must be a decimal amount such as 250.00`)
    .meta({ description: `${label}: compared with the transaction's amount (without sign), inclusive`, example: "100.00" });

/** fromDate must not come after toDate; both optional. */
function orderedRange(range: { fromDate?: string; toDate?: string }, ctx: z.RefinementCtx): void {
  if (range.fromDate && range.toDate && range.fromDate > range.toDate) {
    ctx.addIssue({ code: "custom", path: ["toDate"], message: "toDate must not be before fromDate" });
  }
}

export const ZTransactionFilters = z.strictObject({
  fromDate: bankDate("fromDate").optional(),
  toDate: bankDate("toDate").optional(),
  type: z.enum(["Credit", "Debit"], "type must be Credit or Debit").optional(),
  minAmount: amountBound("minAmount").optional(),
  maxAmount: amountBound("maxAmount").optional(),
  text: z
    .string()
    .trim()
    .min(1, "text must not be empty")
    .max(35, "text must be at most 35 characters")
    .regex(/^[^\u0000-\u001f\u007f]+$/, "text must not contain control characters")
    .optional()
    .meta({ description: "Part of a reference: payment id, instructionIdentification, counterparty, remittance line or payer reference" }),
});
export type TTransactionFilters = z.infer<typeof ZTransactionFilters>;

export const ZTransactionsQuery = paginationQuery().extend(ZTransactionFilters.shape).strict().superRefine(orderedRange);
export type TTransactionsQuery = z.infer<typeof ZTransactionsQuery>;

export const ZStatementQuery = z
  .strictObject({
    fromDate: bankDate("fromDate"),
    toDate: bankDate("toDate"),
    format: z.enum(STATEMENT_FORMATS, "format must be csv, mt940 or camt053"),
    type: ZTransactionFilters.shape.type,
    minAmount: ZTransactionFilters.shape.minAmount,
    maxAmount: ZTransactionFilters.shape.maxAmount,
    text: ZTransactionFilters.shape.text,
  })
  .superRefine(orderedRange);
export type TStatementQuery = z.infer<typeof ZStatementQuery>;

export const ZTransactionParams = z.strictObject({ accountNumber: ZAccountNumber });

export const ZTransaction = z
  .object({
    transactionId: z.string().meta({ description: "This posting's id, stable", example: "TX-1042" }),
    entryId: z.string().meta({ description: "The journal entry the posting belongs to (its other legs are the bank's)" }),
    bookingDateTime: z.string().meta({ description: "ISO 8601 with offset (bank time)" }),
    valueDate: z.string().meta({ description: "YYYY-MM-DD", example: "2026-11-24" }),
    type: z.enum(["Credit", "Debit"]),
    amount: ZMoney.meta({ description: "Without sign; type says which way" }),
    balanceAfter: ZMoney,
    kind: z.enum(TRANSACTION_KINDS),
    counterparty: z.object({ name: z.string().nullable(), accountNumber: z.string().nullable() }).nullable(),
    references: z.object({
      paymentId: z.string().nullable(),
      instructionIdentification: z.string().nullable(),
      payerReference: z.string().nullable(),
      reference: z.string().meta({ description: "What caused it: a payment id, DEP-…, OPEN-…" }),
    }),
    remittanceInformation: z.array(z.string()),
    returnReason: z
      .object({ code: z.string(), description: z.string() })
      .nullable()
      .meta({ description: "A returned payment's credit back: the ISO 20022 return reason (docs/payments.md, Returns)" }),
  })
  .meta({ id: "Transaction" });
export type TTransaction = z.infer<typeof ZTransaction>;

export const ZTransactionList = envelopeOf(ZTransaction).meta({ id: "TransactionList" });
export type TTransactionList = z.infer<typeof ZTransactionList>;

/**
 * An account's two balances (docs/ledger.md, Available and booked balance). The spec's account
 * object carries only availableBalance, so the booked balance is answered here, beside it.
 */
export const ZAccountBalances = z
  .object({
    accountNumber: z.string(),
    currency: z.string(),
    availableBalance: ZMoney.meta({ description: "What can be spent now: the booked balance less the funds held by Pending payments" }),
    bookedBalance: ZMoney.meta({ description: "What has settled: a Pending payment counts here only once it completes" }),
    heldForPendingPayments: ZMoney.meta({ description: "Principal and charges of this account's Pending payments (booked − available)" }),
    pendingPayments: z.number().int().meta({ description: "How many Pending payments hold funds" }),
    balanceEffectiveDate: z.string().meta({ description: "ISO 8601: the last change of the available balance" }),
  })
  .meta({ id: "AccountBalances" });
export type TAccountBalances = z.infer<typeof ZAccountBalances>;
