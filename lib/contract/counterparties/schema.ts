import { electronicFormatIBAN, isValidBIC, isValidIBAN } from "ibantools";
import { z } from "zod";
import { envelopeOf } from "@/lib/contract/api/schemas";
import { paginationQuery } from "@/lib/contract/http/pagination";
import { bankText } from "@/lib/contract/payments/charsets";
import { ACH_CURRENCIES, BIC_PATTERN } from "@/lib/contract/payments/schema";

/**
 * Payees (counterparties, decisions §11, issue 21): a client's book of
 * beneficiaries that ACH and SWIFT bodies name by `counterpartyId` instead of
 * retyping the creditor. Browser-safe: the portal's payee form validates with
 * exactly these schemas. Names follow the character set of the rail that
 * carries them (charsets.ts).
 */

export const COUNTERPARTY_RAILS = ["ACH", "SWIFT"] as const;
export const COUNTERPARTY_STATUSES = ["Active", "PendingApproval", "Deleted"] as const;
export type TCounterpartyRail = (typeof COUNTERPARTY_RAILS)[number];

/** Text that looks like an IBAN (country letters, check digits): it must then be a valid one. */
const IBAN_SHAPE = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{8,30}$/;

/** An account number as stored: an IBAN in its electronic format (no spaces, upper case), anything else as sent. */
export function normalizeAccount(identification: string): string {
  const compact = identification.replace(/\s+/g, "").toUpperCase();
  return IBAN_SHAPE.test(compact) ? (electronicFormatIBAN(compact) ?? compact) : identification;
}

/** A SWIFT beneficiary account: an IBAN (checked: country, length, check digits) or another account number. */
const ZSwiftAccountId = z
  .string("identification must be text")
  .min(1, "identification must not be empty")
  .max(42, "identification must be at most 34 characters (spaces aside)")
  .refine((v) => normalizeAccount(v).length <= 34, "identification must be at most 34 characters (spaces aside)")
  .refine((v) => /^[A-Za-z0-9 ]+$/.test(v), "identification may contain only letters, digits and spaces")
  .refine((v) => {
    const compact = normalizeAccount(v);
    return !IBAN_SHAPE.test(compact) || isValidIBAN(compact);
  }, "identification looks like an IBAN but is not a valid one (country, length or check digits)")
  .meta({ description: "An IBAN (validated) or the beneficiary's account number", example: "GB29NWBK60161331926819" });

const ZBic = z
  .string("identification must be text")
  .regex(BIC_PATTERN, "identification must be a BIC of 8 or 11 characters")
  .refine((v) => isValidBIC(v), "identification must be a BIC of a known country (ISO 9362)")
  .meta({ example: "NWBKGB2L" });

const addressLines = z.array(bankText("SWIFT", 35, "each additionalInformation line")).max(4, "additionalInformation allows at most 4 lines");

/** A payee's bank: a BIC always (a payee is paid again and again; name-and-address routing is for one-off payments). */
export const ZCounterpartyAgent = z.strictObject({
  identification: ZBic,
  name: bankText("SWIFT", 140, "name").nullish(),
  additionalInformation: addressLines.nullish(),
});

const achAccount = z.strictObject({
  identification: z
    .string("identification must be text")
    .min(1, "identification must not be empty")
    .max(17, "identification must be at most 17 characters")
    .regex(/^[A-Za-z0-9-]+$/, "identification may contain only letters, digits and hyphens"),
  name: bankText("ACH", 22, "name").optional(),
});

const swiftAccount = z.strictObject({
  identification: ZSwiftAccountId,
  name: bankText("SWIFT", 140, "name").optional(),
  additionalInformation: addressLines.nullish().meta({ description: "The beneficiary's address, up to 4 lines of 35" }),
});

const ZAchBank = z.strictObject({
  bankCode: z.string("bankCode must be text").min(1, "bankCode must not be empty").max(100, "bankCode must be at most 100 characters"),
  currency: z.enum(ACH_CURRENCIES, "currency must be USD or BMD"),
});

const achPayee = z.strictObject({
  rail: z.literal("ACH"),
  name: bankText("ACH", 70, "name"),
  creditorAccount: achAccount,
  creditorBank: ZAchBank,
});

const swiftPayee = z.strictObject({
  rail: z.literal("SWIFT"),
  name: bankText("SWIFT", 140, "name"),
  creditorAccount: swiftAccount,
  creditorAgent: ZCounterpartyAgent,
  intermediaryAgent: ZCounterpartyAgent.nullish(),
});

/** An ACH creditor name is at most 22 characters: without creditorAccount.name the payee's name is used, so it must fit. */
function achNameFits(body: { rail: string; name: string; creditorAccount: { name?: string } }, ctx: z.RefinementCtx) {
  if (body.rail === "ACH" && body.creditorAccount.name === undefined && body.name.length > 22) {
    ctx.addIssue({
      code: "custom",
      path: ["creditorAccount", "name"],
      message: "creditorAccount.name is required when name is longer than 22 characters (ACH)",
    });
  }
}

export const ZCreateCounterparty = z
  .discriminatedUnion("rail", [achPayee, swiftPayee], "rail must be ACH or SWIFT")
  .superRefine(achNameFits)
  .meta({ id: "CreateCounterparty" });

/** PATCH: any of the fields; the rail never changes. `intermediaryAgent: null` removes it. */
export const ZUpdateCounterparty = z
  .strictObject({
    name: z.string().optional(),
    creditorAccount: z.record(z.string(), z.unknown()).optional(),
    creditorBank: z.record(z.string(), z.unknown()).optional(),
    creditorAgent: z.record(z.string(), z.unknown()).optional(),
    intermediaryAgent: z.record(z.string(), z.unknown()).nullable().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, "send at least one field to change")
  .meta({ id: "UpdateCounterparty", description: "Fields to change; the result is checked as a whole with the rail's rules" });

const ZAccountOut = z.object({ identification: z.string(), name: z.string(), additionalInformation: z.array(z.string()).nullable() });
const ZAgentOut = z.object({ identification: z.string(), name: z.string().nullable(), additionalInformation: z.array(z.string()).nullable() });

/** What a payee pays to: the part a change of which needs approval when a policy applies. */
export const ZPayeeDetails = z
  .object({
    name: z.string(),
    creditorAccount: ZAccountOut,
    creditorBank: z.object({ bankCode: z.string(), currency: z.string() }).nullable(),
    creditorAgent: ZAgentOut.nullable(),
    intermediaryAgent: ZAgentOut.nullable(),
  })
  .meta({ id: "PayeeDetails" });

export const ZCounterparty = ZPayeeDetails.extend({
  counterpartyId: z.uuid(),
  rail: z.enum(COUNTERPARTY_RAILS),
  status: z.enum(COUNTERPARTY_STATUSES),
  /** A new payee or a change waiting for another person (approval policy on rail COUNTERPARTY). */
  pendingChange: z
    .object({
      before: ZPayeeDetails.nullable().meta({ description: "null for a new payee" }),
      after: ZPayeeDetails,
      requestedBy: z.string().meta({ description: "The person's email, or client:<id> for an integration" }),
      requestedAt: z.string(),
      approvalsRequired: z.number().int(),
      approvals: z.array(z.object({ email: z.string(), decidedAt: z.string() })),
    })
    .nullable(),
  createdBy: z.string().meta({ description: "The person's email, or client:<id> for an integration" }),
  createdAt: z.string(),
  updatedAt: z.string(),
}).meta({ id: "Counterparty" });

export const ZCounterpartyList = envelopeOf(ZCounterparty).meta({ id: "CounterpartyList" });

export const ZCounterpartyListQuery = paginationQuery()
  .extend({
    name: z.string().trim().min(1, "name must not be empty").max(140, "name must be at most 140 characters").optional().meta({
      description: "Part of the payee's name or account (case-insensitive)",
    }),
    rail: z.enum(COUNTERPARTY_RAILS, "rail must be ACH or SWIFT").optional(),
    status: z.enum(["Active", "PendingApproval"], "status must be Active or PendingApproval").optional(),
  })
  .strict();

export const ZCounterpartyParams = z.strictObject({ counterpartyId: z.uuid("counterpartyId must be a UUID") });

export const ZCounterpartyDecision = z
  .strictObject({ comment: z.string("comment must be text").trim().max(280, "comment must be at most 280 characters").optional() })
  .meta({ id: "CounterpartyDecision" });

export type TCreateCounterparty = z.infer<typeof ZCreateCounterparty>;
export type TUpdateCounterparty = z.infer<typeof ZUpdateCounterparty>;
export type TPayeeDetails = z.infer<typeof ZPayeeDetails>;
export type TCounterparty = z.infer<typeof ZCounterparty>;
export type TCounterpartyList = z.infer<typeof ZCounterpartyList>;
export type TCounterpartyListQuery = z.infer<typeof ZCounterpartyListQuery>;

/** The parts of a payee that say where money goes: a change to any of them needs approval when a policy applies (issue 21). */
function routing(d: TPayeeDetails): string {
  return JSON.stringify([
    d.creditorAccount.identification,
    d.creditorBank,
    d.creditorAgent?.identification ?? null,
    d.intermediaryAgent?.identification ?? null,
  ]);
}

export function changesRouting(before: TPayeeDetails, after: TPayeeDetails): boolean {
  return routing(before) !== routing(after);
}
