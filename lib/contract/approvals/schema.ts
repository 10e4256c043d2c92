import { z } from "zod";
import { isValidAmountFormat, MAX_AMOUNT_LENGTH } from "@/lib/contract/money";
import { ZAchPaymentRequest, ZSwiftPaymentRequest } from "@/lib/contract/payments/schema";

/**
 * Dual control (issue 14): approval policies per organisation and payment
 * drafts that wait for approvers. Browser-safe: the portal's forms validate
 * with exactly these schemas.
 */

/** Rails a policy can hold back. Drafts exist for ACH and SWIFT (docs/approvals.md says why not yet the others). */
export const APPROVAL_RAILS = ["ACH", "SWIFT"] as const;
export type TApprovalRail = (typeof APPROVAL_RAILS)[number];

export function isApprovalRail(rail: string): rail is TApprovalRail {
  return (APPROVAL_RAILS as readonly string[]).includes(rail);
}

const ZCurrency = z.string("currency must be text").regex(/^[A-Z]{3}$/, "currency must be a 3-letter ISO 4217 code");

const ZThreshold = z
  .string("threshold must be a decimal string")
  .max(MAX_AMOUNT_LENGTH, `threshold must be at most ${MAX_AMOUNT_LENGTH} characters`)
  .refine((v) => isValidAmountFormat(v, 2), "threshold must be a non-negative decimal with at most 2 decimal places");

export const ZApprovalPolicy = z
  .strictObject({
    rail: z.enum(APPROVAL_RAILS, "rail must be ACH or SWIFT"),
    currency: ZCurrency,
    /** Payments of at least this amount in this currency need approval ("0.00": every payment). */
    threshold: ZThreshold,
    approvers: z.union([z.literal(1), z.literal(2)], "approvers must be 1 or 2"),
  })
  .meta({ id: "ApprovalPolicy" });

export const ZApprovalPolicies = z
  .strictObject({
    policies: z.array(ZApprovalPolicy).max(40, "at most 40 policies"),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.policies.forEach((p, i) => {
      const key = `${p.rail}/${p.currency}`;
      if (seen.has(key)) ctx.addIssue({ code: "custom", path: ["policies", i, "currency"], message: `${p.rail} already has a ${p.currency} policy` });
      seen.add(key);
    });
  })
  .meta({ id: "ApprovalPolicies" });

export const DRAFT_STATUSES = ["AwaitingApproval", "Submitting", "Submitted", "Rejected", "Refused", "Expired"] as const;
export type TDraftStatus = (typeof DRAFT_STATUSES)[number];

export const DRAFT_STATUS_LABELS: Readonly<Record<TDraftStatus, string>> = {
  AwaitingApproval: "Awaiting approval",
  Submitting: "Sending",
  Submitted: "Submitted",
  Rejected: "Rejected",
  Refused: "Refused by the bank",
  Expired: "Expired",
};

/** What the maker saw when drafting; recomputed for the approver, who sees both when they differ. */
export const ZQuote = z.strictObject({ settlementDate: z.iso.date(), exchangeRate: z.string().nullable() }).meta({ id: "PaymentQuote" });

export const ZCreateDraft = z
  .discriminatedUnion(
    "rail",
    [
      z.strictObject({ rail: z.literal("ACH"), request: ZAchPaymentRequest, nextBusinessDay: z.boolean().default(false) }),
      z.strictObject({ rail: z.literal("SWIFT"), request: ZSwiftPaymentRequest, nextBusinessDay: z.boolean().default(false) }),
    ],
    "rail must be ACH or SWIFT",
  )
  .meta({ id: "CreatePaymentDraft" });

const ZPerson = z.strictObject({ userId: z.string(), name: z.string(), email: z.string() });

export const ZDecision = z.strictObject({
  by: ZPerson,
  decision: z.enum(["approved", "rejected"]),
  comment: z.string().nullable(),
  decidedAt: z.iso.datetime({ offset: true }),
});

export const ZDraft = z
  .strictObject({
    draftId: z.uuid(),
    rail: z.enum(APPROVAL_RAILS),
    status: z.enum(DRAFT_STATUSES),
    request: z.record(z.string(), z.unknown()),
    amount: z.strictObject({ amount: z.string(), currency: z.string() }),
    debtorAccount: z.string(),
    beneficiary: z.string(),
    maker: ZPerson,
    createdAt: z.iso.datetime({ offset: true }),
    nextBusinessDay: z.boolean(),
    expiresAt: z.iso.datetime({ offset: true }).nullable(),
    approvalsRequired: z.number().int(),
    quote: ZQuote,
    /** The quote as it stands now, when it differs from what the maker saw. */
    currentQuote: ZQuote.nullable(),
    decisions: z.array(ZDecision),
    paymentId: z.string().nullable(),
    /** Why the bank refused the approved payment (status Refused). */
    refusal: z.string().nullable(),
    /** What the signed-in user may do with it. */
    canApprove: z.boolean(),
  })
  .meta({ id: "PaymentDraft" });

export const ZDraftList = z.strictObject({ data: z.array(ZDraft), awaitingYou: z.number().int() }).meta({ id: "PaymentDraftList" });

export const ZDraftListQuery = z.strictObject({
  status: z.enum(DRAFT_STATUSES, "status must be AwaitingApproval, Submitting, Submitted, Rejected, Refused or Expired").optional(),
});

export const ZDraftParams = z.strictObject({ draftId: z.uuid("draftId must be a UUID") });

export const ZDecide = z
  .strictObject({ comment: z.string("comment must be text").trim().max(280, "comment must be at most 280 characters").optional() })
  .meta({ id: "DraftDecision" });

export const ZDraftCreated = z.strictObject({ draft: ZDraft.nullable(), needsApproval: z.boolean() }).meta({ id: "DraftOutcome" });

export type TApprovalPolicy = z.infer<typeof ZApprovalPolicy>;
export type TApprovalPolicies = z.infer<typeof ZApprovalPolicies>;
export type TCreateDraft = z.infer<typeof ZCreateDraft>;
export type TDraft = z.infer<typeof ZDraft>;
export type TDraftList = z.infer<typeof ZDraftList>;
export type TQuote = z.infer<typeof ZQuote>;
