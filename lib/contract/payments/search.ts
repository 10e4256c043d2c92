import { z } from "zod";
import { envelopeOf, ZAccountNumber, ZMoney } from "@/lib/contract/api/schemas";
import { paginationQuery } from "@/lib/contract/http/pagination";
import { isValidAmountFormat, MAX_AMOUNT_LENGTH } from "@/lib/contract/money";
import { CHARGES_TYPES, PAYMENT_STATUSES, RAILS, ZPaymentStatusRecord } from "@/lib/contract/payments/schema";

/**
 * Payments across all of the client's accounts (GET /v1/payments), with the
 * search filters of the portal's payments view. One schema for the handler,
 * the portal's filter form and the OpenAPI document.
 */

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const isCalendarDate = (value: string) =>
  DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

const searchText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} must not be empty`)
    .max(max, `${label} must be at most ${max} characters`)
    .regex(/^[^\u0000-\u001f\u007f]+$/, `${label} must not contain control characters`)
    .optional();

const bankDate = (label: string) =>
  z
    .string()
    .refine(isCalendarDate, `${label} must be a date written YYYY-MM-DD`)
    .optional()
    .meta({ description: `${label} (bank time, Atlantic/Bermuda, inclusive)`, example: "2026-11-24" });

/** Decimal text (at most 3 decimals) as an integer of thousandths: exact, unlike Number. */
const thousandths = (value: string) => {
  const [whole = "0", fraction = ""] = value.split(".");
  return BigInt(`${whole}${fraction.padEnd(3, "0")}`);
};

const amountBound = (label: string) =>
  z
    .string()
    .max(MAX_AMOUNT_LENGTH, `${label} must be at most ${MAX_AMOUNT_LENGTH} characters`)
    .refine((v) => isValidAmountFormat(v, 3), `${label} must be a decimal amount such as 250.00`)
    .optional()
    .meta({ description: `${label}, compared with the debited amount in its own currency`, example: "1000.00" });

export const PAYMENT_SEARCH_FILTERS = [
  "beneficiary",
  "reference",
  "instructionIdentification",
  "accountNumber",
  "status",
  "rail",
  "minAmount",
  "maxAmount",
  "fromDate",
  "toDate",
] as const;

export const ZPaymentSearchQuery = paginationQuery()
  .extend({
    beneficiary: searchText("beneficiary", 70).meta({ description: "Part of the beneficiary's name or account number (case-insensitive)" }),
    reference: searchText("reference", 35).meta({ description: "Part of a remittance line (case-insensitive)" }),
    instructionIdentification: searchText("instructionIdentification", 35).meta({ description: "The instruction id, exactly" }),
    accountNumber: ZAccountNumber.optional().meta({ description: "Only payments debited from this account" }),
    status: z.enum(PAYMENT_STATUSES, "status must be Scheduled, Pending, Completed, Failed, Reversed or Cancelled").optional(),
    rail: z.enum(RAILS, "rail must be ACH, SWIFT or INTERNAL").optional(),
    minAmount: amountBound("minAmount"),
    maxAmount: amountBound("maxAmount"),
    fromDate: bankDate("fromDate"),
    toDate: bankDate("toDate"),
  })
  .strict()
  .superRefine((q, ctx) => {
    // Object refinements run even when a field's own check failed (zod 4): compare only well-formed amounts.
    const bounds = [q.minAmount, q.maxAmount];
    if (bounds.every((v) => v !== undefined && isValidAmountFormat(v, 3)) && thousandths(q.minAmount!) > thousandths(q.maxAmount!)) {
      ctx.addIssue({ code: "custom", path: ["maxAmount"], message: "maxAmount must not be below minAmount" });
    }
    if (q.fromDate !== undefined && q.toDate !== undefined && q.fromDate > q.toDate) {
      ctx.addIssue({ code: "custom", path: ["toDate"], message: "toDate must not be before fromDate" });
    }
  });

export type TPaymentSearchQuery = z.infer<typeof ZPaymentSearchQuery>;
export type TPaymentSearchFilters = Partial<Pick<TPaymentSearchQuery, (typeof PAYMENT_SEARCH_FILTERS)[number]>>;

/** A payment as the payments view shows it: the status record plus who was paid, from where, when and by whom. */
export const ZPaymentSummary = ZPaymentStatusRecord.extend({
  debtorAccount: z.object({ identification: z.string() }),
  beneficiary: z.object({
    name: z.string(),
    accountIdentification: z.string(),
    bankIdentification: z.string().nullable(),
    bankName: z.string().nullable(),
  }),
  submittedAt: z.string().meta({ description: "ISO 8601 with offset", example: "2026-11-24T13:05:00.000Z" }),
  submittedBy: z
    .object({ email: z.string() })
    .nullable()
    .meta({ description: "The person who made it, or drafted it when it needed approval; null for payments an integration sent" }),
  approvedBy: z
    .array(z.object({ email: z.string(), decidedAt: z.string().meta({ description: "ISO 8601 with offset" }) }))
    .meta({ description: "Who approved the draft it was made from, in the order they decided; empty when it needed no approval" }),
  counterpartyId: z.string().nullable().meta({ description: "The payee it was made to (decisions §11), or null" }),
  chargesType: z.enum(CHARGES_TYPES).nullable().meta({ description: "SWIFT: who pays the charges (OUR, SHA, BEN); null for ACH and transfers" }),
  charges: ZMoney.meta({ description: "The bank's charge debited from the debit account, in its currency (0.00 when none)" }),
  totalDebited: ZMoney.meta({ description: "Everything the debit account pays: debitAmount plus charges" }),
}).meta({ id: "PaymentSummary" });

export const ZPaymentList = envelopeOf(ZPaymentSummary).meta({ id: "PaymentList" });
export const ZPaymentDetail = z.object({ data: ZPaymentSummary }).meta({ id: "PaymentDetail" });

export type TPaymentSummary = z.infer<typeof ZPaymentSummary>;
export type TPaymentList = z.infer<typeof ZPaymentList>;
