import { z } from "zod";
import type { Permission } from "@/lib/contract/auth/permissions";
import { isValidAmountFormat, MAX_AMOUNT_LENGTH } from "@/lib/contract/money";
import { ZAchPaymentRequest, ZInternalTransferRequest, ZSwiftPaymentRequest } from "@/lib/contract/payments/schema";
import { MAX_ITEMS } from "@/lib/contract/virtual-accounts/fields";
import { ZCreateVirtualAccountsV2 } from "@/lib/contract/virtual-accounts/schema";
import { ZCurrencyTotal, ZPaymentBatchRequest } from "@/lib/contract/payment-runs/schema";
import { ZPayeeDetails } from "@/lib/contract/counterparties/schema";
import { ZCreateStandingOrder, ZStandingOrderChangeDraft, ZStandingOrderTerms } from "@/lib/contract/standing-orders/schema";

/**
 * Dual control (issue 14): approval policies per organisation and payment
 * drafts that wait for approvers. Browser-safe: the portal's forms validate
 * with exactly these schemas.
 */

/**
 * Rails a policy can hold back (issue 14): the two payment rails, transfers between own accounts,
 * virtual-account batches, and payment runs (BATCH, issue 20: judged by the run's total per currency).
 */
export const APPROVAL_RAILS = ["ACH", "SWIFT", "INTERNAL", "VIRTUAL_ACCOUNT_BATCH", "BATCH"] as const;
export type TApprovalRail = (typeof APPROVAL_RAILS)[number];
const DRAFT_RAIL_MESSAGE = "rail must be ACH, SWIFT, INTERNAL, VIRTUAL_ACCOUNT_BATCH, BATCH, STANDING_ORDER or STANDING_ORDER_CHANGE";

/** What a draft makes when approved: a payment (or batch, or run), a standing order, or a change of a standing order. */
export const DRAFT_KINDS = ["Payment", "StandingOrder", "StandingOrderChange"] as const;
export type TDraftKind = (typeof DRAFT_KINDS)[number];

/**
 * Rails a policy can name: the drafted ones, and COUNTERPARTY (issue 21): a new payee or a change of its
 * account, bank or BIC waits for another person. It is not drafted (the payee itself waits) and has no threshold.
 */
export const POLICY_RAILS = [...APPROVAL_RAILS, "COUNTERPARTY"] as const;
export type TPolicyRail = (typeof POLICY_RAILS)[number];
const POLICY_RAIL_MESSAGE = "rail must be ACH, SWIFT, INTERNAL, VIRTUAL_ACCOUNT_BATCH, BATCH or COUNTERPARTY";

export const POLICY_RAIL_LABELS: Readonly<Record<TPolicyRail, string>> = {
  ACH: "ACH",
  SWIFT: "SWIFT",
  INTERNAL: "Transfer between accounts",
  VIRTUAL_ACCOUNT_BATCH: "Virtual-account batch",
  BATCH: "Payment run (total per currency)",
  COUNTERPARTY: "New or changed payee",
};

/** The permission of the API operation each rail's request goes to: needed to draft it, and all the approval's submission holds. */
export const APPROVAL_RAIL_PERMISSIONS: Readonly<Record<TApprovalRail, Permission>> = {
  ACH: "payment-ach",
  SWIFT: "payment-swift",
  INTERNAL: "payment-internal",
  VIRTUAL_ACCOUNT_BATCH: "create-virtual-account",
  // Each item's rail permission is checked too, when the approval accepts the run.
  BATCH: "payment-batch",
};

/** A virtual-account batch moves no money: its policy's threshold counts the accounts it creates in the currency. */
export function thresholdIsCount(rail: TPolicyRail): boolean {
  return rail === "VIRTUAL_ACCOUNT_BATCH";
}

export function isApprovalRail(rail: string): rail is TApprovalRail {
  return (APPROVAL_RAILS as readonly string[]).includes(rail);
}

const ZCurrency = z.string("currency must be text").regex(/^[A-Z]{3}$/, "currency must be a 3-letter ISO 4217 code");

const ZThreshold = z
  .string("threshold must be a decimal string")
  .max(MAX_AMOUNT_LENGTH, `threshold must be at most ${MAX_AMOUNT_LENGTH} characters`)
  .refine((v) => isValidAmountFormat(v, 2), "threshold must be a non-negative decimal with at most 2 decimal places");

const ACCOUNT_COUNT_MESSAGE = `threshold of a VIRTUAL_ACCOUNT_BATCH policy must be a whole number of accounts from 0 to ${MAX_ITEMS}`;
const ZAccountCount = z
  .string()
  .regex(/^(0|[1-9][0-9]{0,3})$/)
  .refine((v) => Number(v) <= MAX_ITEMS);

export const ZApprovalPolicy = z
  .strictObject({
    rail: z.enum(POLICY_RAILS, POLICY_RAIL_MESSAGE),
    currency: ZCurrency,
    /**
     * Payments of at least this amount in this currency need approval ("0.00": every payment). For
     * VIRTUAL_ACCOUNT_BATCH a whole number of accounts: a batch creating at least this many in the
     * currency needs approval ("0": every batch). COUNTERPARTY: unused (stored as 0): every new payee and change of routing, whatever the currency.
     */
    threshold: ZThreshold,
    approvers: z.union([z.literal(1), z.literal(2)], "approvers must be 1 or 2"),
  })
  .superRefine((policy, ctx) => {
    if (thresholdIsCount(policy.rail) && !ZAccountCount.safeParse(policy.threshold).success) {
      ctx.addIssue({ code: "custom", path: ["threshold"], message: ACCOUNT_COUNT_MESSAGE });
    }
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
export const ZQuote = z
  .strictObject({
    /** Null for a virtual-account batch, which settles nothing, and for a payment run (each payment has its own). */
    settlementDate: z.iso.date().nullable(),
    exchangeRate: z.string().nullable(),
  })
  .meta({ id: "PaymentQuote" });

/** What a payment-run draft pays: how many payments, and the total per currency (exact decimal strings). */
export const ZRunDraftSummary = z.strictObject({ payments: z.number().int(), totals: z.array(ZCurrencyTotal) });

/** What a virtual-account batch draft creates: the accounts in all, and per currency. */
export const ZBatchSummary = z.strictObject({
  accounts: z.number().int(),
  currencies: z.array(z.strictObject({ currency: z.string(), accounts: z.number().int() })),
});

export const ZCreateDraft = z
  .discriminatedUnion(
    "rail",
    [
      z.strictObject({ rail: z.literal("ACH"), request: ZAchPaymentRequest, nextBusinessDay: z.boolean().default(false) }),
      z.strictObject({ rail: z.literal("SWIFT"), request: ZSwiftPaymentRequest, nextBusinessDay: z.boolean().default(false) }),
      // Completed at once and with no settlement date to aim for: "next business day" does not apply to these two.
      z.strictObject({ rail: z.literal("INTERNAL"), request: ZInternalTransferRequest }),
      z.strictObject({ rail: z.literal("VIRTUAL_ACCOUNT_BATCH"), request: ZCreateVirtualAccountsV2 }),
      // A payment run: the JSON body of POST /v1/payment-batches (the portal maps a CSV or pain.001 to it), with its pain001
      // identifiers when it came from such a file, so that the approved run's pain.002 answers that file.
      z.strictObject({ rail: z.literal("BATCH"), request: ZPaymentBatchRequest }),
      // A standing order (issue 21): a new one (the body of POST /v1/standing-orders), or a change of one (its id and the PATCH body).
      // Judged by the policy of the order's own rail on its amount (the new terms for a change); the draft's rail is the order's.
      z.strictObject({ rail: z.literal("STANDING_ORDER"), request: ZCreateStandingOrder }),
      z.strictObject({ rail: z.literal("STANDING_ORDER_CHANGE"), request: ZStandingOrderChangeDraft }),
    ],
    DRAFT_RAIL_MESSAGE,
  )
  .meta({ id: "CreatePaymentDraft" });

const ZPerson = z.strictObject({ userId: z.string(), name: z.string(), email: z.string() });

export const ZDecision = z.strictObject({
  by: ZPerson,
  decision: z.enum(["approved", "rejected"]),
  comment: z.string().nullable(),
  decidedAt: z.iso.datetime({ offset: true }),
});

/** How many days a payee's new or changed details count as recent on a draft paying it (issue 24, item 1). */
export const PAYEE_RECENT_DAYS = 30;

/**
 * The saved payee a draft pays (its request names only counterpartyId): the details the bank holds now, which the
 * payment will use when approved, and when they were saved and last changed, so an approver sees a fresh change.
 */
export const ZDraftPayee = z
  .object({
    counterpartyId: z.uuid(),
    details: ZPayeeDetails,
    savedAt: z.iso.datetime({ offset: true }),
    /** When the payee was last changed (its routing or name, or an approved change); null when never since it was saved. */
    changedAt: z.iso.datetime({ offset: true }).nullable(),
    /** Saved or changed within PAYEE_RECENT_DAYS of now. */
    recent: z.boolean(),
  })
  .meta({ id: "DraftPayee" });

export const ZDraft = z
  .strictObject({
    draftId: z.uuid(),
    rail: z.enum(APPROVAL_RAILS),
    status: z.enum(DRAFT_STATUSES),
    request: z.record(z.string(), z.unknown()),
    /** Null for a virtual-account batch (it moves no money; see batch) and a payment run (see run). */
    amount: z.strictObject({ amount: z.string(), currency: z.string() }).nullable(),
    debtorAccount: z.string().nullable(),
    /** The creditor's name; for an internal transfer the account credited. Null for a batch or a run. */
    beneficiary: z.string().nullable(),
    batch: ZBatchSummary.nullable(),
    /** A payment run's count and totals per currency; null for any other draft. Its lines are `request.items`. */
    run: ZRunDraftSummary.nullable(),
    maker: ZPerson,
    createdAt: z.iso.datetime({ offset: true }),
    nextBusinessDay: z.boolean(),
    expiresAt: z.iso.datetime({ offset: true }).nullable(),
    approvalsRequired: z.number().int(),
    quote: ZQuote,
    /** The quote as it stands now, when it differs from what the maker saw. */
    currentQuote: ZQuote.nullable(),
    /** A payment to a saved payee, in GET /v1/approvals/{draftId}: the payee as the bank holds it now; null otherwise (and in the list). */
    payee: ZDraftPayee.nullable(),
    decisions: z.array(ZDecision),
    paymentId: z.string().nullable(),
    /** The job of an approved virtual-account batch or payment run (GET /v1/jobs/{jobId}). */
    jobId: z.string().nullable(),
    /** Why the bank refused the approved payment (status Refused). */
    refusal: z.string().nullable(),
    /**
     * A standing order's draft (rail is the order's): what it makes (a new order, or a change of standingOrderId), its schedule,
     * and for a change the order's terms before and after. Null for any other draft. `standingOrderId` of a new order is set once made.
     */
    standingOrder: z
      .strictObject({
        kind: z.enum(["StandingOrder", "StandingOrderChange"]),
        standingOrderId: z.uuid().nullable(),
        before: ZStandingOrderTerms.nullable(),
        after: ZStandingOrderTerms,
      })
      .nullable(),
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
/** A draft of a payment, batch or run (not of a standing order): what a policy judges directly. */
export type TPaymentDraftInput = Exclude<TCreateDraft, { rail: "STANDING_ORDER" | "STANDING_ORDER_CHANGE" }>;
export type TDraft = z.infer<typeof ZDraft>;
export type TDraftList = z.infer<typeof ZDraftList>;
export type TQuote = z.infer<typeof ZQuote>;
export type TDraftPayee = z.infer<typeof ZDraftPayee>;
export type TBatchSummary = z.infer<typeof ZBatchSummary>;
export type TRunDraftSummary = z.infer<typeof ZRunDraftSummary>;
