import { z } from "zod";
import { envelopeOf, ZAccountNumber, ZMoney } from "@/lib/contract/api/schemas";
import { isValidAmountFormat, MAX_AMOUNT_LENGTH } from "@/lib/contract/money";
import { bankText, type Rail } from "@/lib/contract/payments/charsets";
import { ZReturnReason } from "@/lib/contract/payments/returns";
import { achBodyRules, internalBodyRules, swiftBodyRules } from "@/lib/contract/payments/rules";

/**
 * Payment contracts (spec §2.7-2.9, decisions §5). Browser-safe: zod and pure
 * helpers only, so the portal's forms validate with exactly these rules.
 * Objects are strict: an unknown field is a 400 naming it.
 */

export const ACH_CURRENCIES = ["USD", "BMD"] as const;
export const CHARGES_TYPES = ["OUR", "BEN", "SHA"] as const;
/** Scheduled: a future requestedExecutionDate, nothing held yet; Cancelled: a Scheduled payment called off (docs/scheduling.md). */
export const PAYMENT_STATUSES = ["Scheduled", "Pending", "Completed", "Failed", "Reversed", "Cancelled"] as const;
/** The statuses the sandbox may force (decisions §8): the settlement lifecycle, not the schedule's. */
export const FORCEABLE_STATUSES = ["Pending", "Completed", "Failed", "Reversed"] as const;
/** How far ahead a payment may be scheduled (decisions §11). */
export const MAX_SCHEDULE_DAYS = 365;
/** INTERNAL: a transfer between two of the client's own accounts (issue 13, decisions §10). */
export const RAILS = ["ACH", "SWIFT", "INTERNAL"] as const;
/** ISO 9362: 4 bank letters, 2 country letters, 2 location characters, optional 3 branch characters. */
export const BIC_PATTERN = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

const text = (max: number, label: string) =>
  z.string(`${label} must be text`).min(1, `${label} must not be empty`).max(max, `${label} must be at most ${max} characters`);

/** A positive decimal with at most two decimals, as a string or a JSON number (decisions §4). */
export const ZAmount = z
  .union([z.string(), z.number()], "amount must be a decimal string or number")
  .refine((v) => String(v).length <= MAX_AMOUNT_LENGTH, `amount must be at most ${MAX_AMOUNT_LENGTH} characters`)
  .refine((v) => isValidAmountFormat(v, 2), "amount must be a non-negative decimal with at most 2 decimal places")
  .refine((v) => /[1-9]/.test(String(v)), "amount must be greater than zero")
  .meta({ description: "Decimal amount, at most 2 decimal places", example: "1250.00" });

const ZAchCurrency = z.enum(ACH_CURRENCIES, "currency must be USD or BMD");
const ZIsoCurrency = z.string("currency must be text").regex(/^[A-Z]{3}$/, "currency must be a 3-letter ISO 4217 code");
/** Names and remittance lines are limited to the character set of the rail that carries them (charsets.ts). */
const remittanceLine = (rail: Rail) => bankText(rail, 35, "each remittance line");

/** The bank day to make the payment on (decisions §11, schedule.ts); the range needs the clock, so the use case checks it. */
export const ZRequestedExecutionDate = z.iso
  .date("requestedExecutionDate must be a date written YYYY-MM-DD")
  .nullish()
  .meta({ description: "Bank date (Atlantic/Bermuda), today to +365 days; a later day schedules the payment", example: "2026-12-24" });

export const ZDebtorAccount = z.strictObject({ identification: text(36, "identification") });

/** A payee of the client's (decisions §11, POST /v1/counterparties) named instead of the creditor fields. */
const ZCounterpartyRef = z
  .uuid("counterpartyId must be a UUID")
  .nullish()
  .meta({ description: "A payee (POST /v1/counterparties) of this rail, Active, instead of the creditor fields (both: 400)" });

// ---- ACH local (spec §2.7, §4.5) ------------------------------------------------

export const ZAchPaymentRequest = z
  .strictObject({
    instructionIdentification: text(16, "instructionIdentification").nullish(),
    debtorAccount: ZDebtorAccount,
    debitCurrency: ZAchCurrency,
    instructedAmount: z.strictObject({ amount: ZAmount, currency: ZAchCurrency }),
    counterpartyId: ZCounterpartyRef,
    creditorAccount: z
      .strictObject({
        identification: text(17, "identification"),
        name: bankText("ACH", 22, "name"),
        additionalInformation: z.union([z.string(), z.array(z.string())]).nullish(),
      })
      .optional(),
    creditorBank: z
      .strictObject({
        bankCode: text(100, "bankCode"),
        currency: z.string("currency must be text").length(3, "currency must be exactly 3 characters"),
      })
      .optional(),
    requestedExecutionDate: ZRequestedExecutionDate,
    remittanceInformation: z
      .array(remittanceLine("ACH"), "remittanceInformation must be an array of lines")
      .min(1, "remittanceInformation needs at least 1 line")
      .max(2, "remittanceInformation allows at most 2 lines"),
  })
  .superRefine(achBodyRules)
  .meta({ id: "AchPaymentRequest" });

// ---- SWIFT (spec §2.7, decisions §5) ---------------------------------------------

export const ZAgent = z
  .strictObject({
    identification: z.string("identification must be text").regex(BIC_PATTERN, "identification must be a BIC of 8 or 11 characters").nullish(),
    name: bankText("SWIFT", 140, "name").nullish(),
    additionalInformation: z
      .array(bankText("SWIFT", 35, "each additionalInformation line"))
      .max(4, "additionalInformation allows at most 4 lines")
      .nullish(),
  })
  .superRefine((agent, ctx) => {
    // Without an identifying BIC, the bank needs the agent's name and address.
    if (agent.identification) return;
    if (!agent.name) ctx.addIssue({ code: "custom", path: ["name"], message: "name is required when identification is absent" });
    if (!agent.additionalInformation?.length) {
      ctx.addIssue({ code: "custom", path: ["additionalInformation"], message: "additionalInformation is required when identification is absent" });
    }
  });

export const ZSwiftPaymentRequest = z
  .strictObject({
    instructionIdentification: text(16, "instructionIdentification").nullish(),
    debtorAccount: ZDebtorAccount,
    instructedAmount: z.strictObject({ currency: ZIsoCurrency, amount: ZAmount.nullish() }),
    debitAmount: z.strictObject({ currency: ZIsoCurrency, amount: ZAmount }).nullish(),
    counterpartyId: ZCounterpartyRef,
    creditorAccount: z
      .strictObject({
        identification: text(34, "identification"),
        name: bankText("SWIFT", 140, "name"),
        additionalInformation: z
          .array(bankText("SWIFT", 35, "each additionalInformation line"))
          .max(4, "additionalInformation allows at most 4 lines")
          .nullish(),
      })
      .optional(),
    creditorAgent: ZAgent.optional(),
    intermediaryAgent: ZAgent.nullish(),
    chargesType: z.enum(CHARGES_TYPES, "chargesType must be OUR, BEN or SHA"),
    requestedExecutionDate: ZRequestedExecutionDate,
    remittanceInformation: z
      .array(remittanceLine("SWIFT"), "remittanceInformation must be an array of lines")
      .min(1, "remittanceInformation needs at least 1 line")
      .max(4, "remittanceInformation allows at most 4 lines"),
  })
  .superRefine((body, ctx) => swiftBodyRules(body, ctx, true))
  .meta({ id: "SwiftPaymentRequest" });

// ---- internal transfer (decisions §10) ------------------------------------------------

/** Between two of the caller's own Active accounts; the amount is in the debtor account's currency. */
export const ZInternalTransferRequest = z
  .strictObject({
    instructionIdentification: text(16, "instructionIdentification").nullish(),
    debtorAccount: ZDebtorAccount,
    creditorAccount: z.strictObject({ identification: text(36, "identification") }),
    instructedAmount: z.strictObject({ currency: ZIsoCurrency, amount: ZAmount }),
    requestedExecutionDate: ZRequestedExecutionDate,
    remittanceInformation: z
      .array(remittanceLine("INTERNAL"), "remittanceInformation must be an array of lines")
      .max(4, "remittanceInformation allows at most 4 lines")
      .nullish(),
  })
  .superRefine(internalBodyRules)
  .meta({ id: "InternalTransferRequest" });
export type TInternalTransferRequest = z.infer<typeof ZInternalTransferRequest>;

// ---- responses (spec §2.8, §2.9) ---------------------------------------------------

const ZAccountRef = z.object({
  schemeName: z.string().meta({ example: "AccountNumber" }),
  identification: z.string(),
  name: z.string().nullable(),
});

const ZAgentRef = z.object({
  schemeName: z.string().meta({ example: "BICFI" }),
  identification: z.string().nullable(),
  name: z.string().nullable(),
  additionalInformation: z.array(z.string()).nullable(),
});

export const ZLinkedActivity = z.object({
  type: z.enum(["Charge", "FxConversion"]),
  description: z.string(),
  amount: ZMoney.meta({ description: "Charge debited, or the amount converted from" }),
  convertedAmount: ZMoney.nullable().meta({ description: "FxConversion: the amount converted to" }),
  exchangeRate: z.string().nullable().meta({ description: "FxConversion: units of the credit currency per unit of the debit currency" }),
});

export const ZPaymentResponse = z
  .object({
    id: z.string().meta({ description: "Payment id; use it in GET /v1/payments/{paymentId}/status" }),
    status: z.enum(["success", "failed"]),
    transactionStatus: z.enum(PAYMENT_STATUSES),
    uniqueIdentifier: z.string(),
    details: z.object({
      extReference: z.string().nullable().meta({ description: "The request's instructionIdentification" }),
      instructedAmount: ZMoney,
      debtorAccount: ZAccountRef,
      beneficiaryAccount: ZAccountRef,
      creditorAccount: ZAccountRef.extend({ additionalInformation: z.array(z.string()).nullable() }),
      settlementDetails: z.object({
        settlementDate: z.string().meta({ description: "YYYY-MM-DD", example: "2026-11-24" }),
        rail: z.enum(RAILS),
        debitAmount: ZMoney,
        creditAmount: ZMoney,
      }),
      chargeDetails: z.object({ chargesType: z.enum(CHARGES_TYPES).nullable(), charges: ZMoney }),
      remittanceInformation: z.array(z.string()),
      beneficiary: z.object({ name: z.string() }),
      beneficiaryAgent: ZAgentRef,
      intermediaryAgent: ZAgentRef.nullable(),
      failureReason: z.object({ code: z.string(), message: z.string() }).nullable(),
    }),
    linkedActivities: z.array(ZLinkedActivity),
  })
  .meta({ id: "PaymentResponse" });

export const ZPaymentStatusRecord = z
  .object({
    type: z.enum(RAILS),
    status: z.enum(PAYMENT_STATUSES),
    transactionId: z.string(),
    externalReference: z.string().nullable(),
    remittanceInformation: z.array(z.string()),
    debitAmount: ZMoney,
    creditAmount: ZMoney,
    valueDate: z.string().meta({ description: "YYYY-MM-DD", example: "2026-11-24" }),
    exchangeRate: z.string().nullable().meta({ description: "Decimal string; null for same-currency payments", example: "0.9215" }),
    returnReason: ZReturnReason.optional().meta({ description: "Present once the payment was returned (Reversed by a return)" }),
    executionDate: z
      .string()
      .optional()
      .meta({ description: "A scheduled payment's bank day (YYYY-MM-DD): the requested date, or the next business day", example: "2026-12-24" }),
    standingOrderId: z.string().optional().meta({ description: "The standing order this payment is an occurrence of" }),
  })
  .meta({ id: "PaymentStatusRecord" });

export const ZPaymentStatusList = envelopeOf(ZPaymentStatusRecord).meta({ id: "PaymentStatusList" });

export const ZPaymentParams = z.strictObject({ paymentId: z.string().min(1).max(64) });
export const ZAccountPaymentsParams = z.strictObject({ accountNumber: ZAccountNumber });

export const ZForceStatusRequest = z
  .strictObject({ status: z.enum(FORCEABLE_STATUSES, "status must be Pending, Completed, Failed or Reversed") })
  .meta({ id: "ForcePaymentStatusRequest" });

export type TAchPaymentRequest = z.infer<typeof ZAchPaymentRequest>;
export type TSwiftPaymentRequest = z.infer<typeof ZSwiftPaymentRequest>;
export type TAgent = z.infer<typeof ZAgent>;
export type TPaymentResponse = z.infer<typeof ZPaymentResponse>;
export type TPaymentStatusRecord = z.infer<typeof ZPaymentStatusRecord>;
export type TPaymentStatusList = z.infer<typeof ZPaymentStatusList>;
export type TPaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Decisions §5, and §11: a Scheduled payment is Cancelled, or Failed on its day when it cannot be made. */
export const PAYMENT_TRANSITIONS: Readonly<Record<TPaymentStatus, readonly TPaymentStatus[]>> = Object.freeze({
  Scheduled: ["Cancelled", "Failed"],
  Pending: ["Completed", "Failed"],
  Completed: ["Reversed"],
  Failed: [],
  Reversed: [],
  Cancelled: [],
});
export type TRail = (typeof RAILS)[number];

/**
 * The moves a payment of this rail may make from its status. An internal transfer is
 * Completed when it is made and holds no funds (docs/ledger.md): it makes none, since a
 * Reversed status would claim money came back that did not; a transfer back is a new transfer.
 */
export function allowedMoves(rail: TRail, status: TPaymentStatus): readonly TPaymentStatus[] {
  return rail === "INTERNAL" && status !== "Scheduled" ? [] : PAYMENT_TRANSITIONS[status];
}
