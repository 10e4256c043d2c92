import { z } from "zod";
import { envelopeOf } from "@/lib/contract/api/schemas";
import { ZCallbackUrl } from "@/lib/contract/virtual-accounts/fields";
import { ZCustomHeaders } from "@/lib/contract/http/custom-headers";
import { formatAmount, parseAmount } from "@/lib/contract/money";
import {
  RAILS,
  ZAchPaymentRequest,
  ZInternalTransferRequest,
  ZSwiftPaymentRequest,
  type TAchPaymentRequest,
  type TInternalTransferRequest,
  type TRail,
  type TSwiftPaymentRequest,
} from "@/lib/contract/payments/schema";
import { ZJobStatusValue } from "@/lib/contract/virtual-accounts/responses";
import type { Permission } from "@/lib/contract/auth/permissions";

/**
 * Payment runs (issue 20, decisions §11): one file of up to 10,000 payments on
 * the ACH, SWIFT and INTERNAL rails, each item exactly the rail's own request
 * body. Browser-safe, so the portal checks a file with the API's own rules.
 */

export const MAX_RUN_ITEMS = 10_000;
/** Explicit upload limits (413 past them): JSON and CSV bodies, and pain.001 documents (XML is wordier). */
export const MAX_RUN_BODY_BYTES = { json: 16 * 1024 * 1024, csv: 8 * 1024 * 1024, xml: 32 * 1024 * 1024 } as const;

/** The permission each rail's single-payment operation needs; a run needs it for every item besides `payment-batch`. */
export const RAIL_PERMISSIONS: Readonly<Record<TRail, Permission>> = {
  ACH: "payment-ach",
  SWIFT: "payment-swift",
  INTERNAL: "payment-internal",
};

export const ZPaymentRunItem = z.discriminatedUnion(
  "rail",
  [
    z.strictObject({ rail: z.literal("ACH"), request: ZAchPaymentRequest }),
    z.strictObject({ rail: z.literal("SWIFT"), request: ZSwiftPaymentRequest }),
    z.strictObject({ rail: z.literal("INTERNAL"), request: ZInternalTransferRequest }),
  ],
  { error: "rail must be ACH, SWIFT or INTERNAL" },
);
export type TPaymentRunItem =
  { rail: "ACH"; request: TAchPaymentRequest } | { rail: "SWIFT"; request: TSwiftPaymentRequest } | { rail: "INTERNAL"; request: TInternalTransferRequest };

const ZReference = z.string("reference must be text").min(1, "reference must not be empty").max(140, "reference must be at most 140 characters");

/**
 * Issues the items' schemas cannot see one by one: an instructionIdentification
 * used twice on one rail inside the file (the second would be refused as a
 * duplicate; the whole file is refused instead, naming each repeat).
 */
export function duplicateInstructionIssues(items: readonly TPaymentRunItem[]): Array<{ index: number; message: string }> {
  const seen = new Map<string, number>();
  const issues: Array<{ index: number; message: string }> = [];
  items.forEach((item, index) => {
    // Also run on a file whose other items are invalid (every problem in one answer), so an item may be any shape here.
    const id: unknown = (item as { request?: { instructionIdentification?: unknown } } | null)?.request?.instructionIdentification;
    if (typeof id !== "string" || !id) return;
    const key = `${item.rail}\u0000${id}`;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, index);
    else issues.push({ index, message: `instructionIdentification ${id} is also used by item ${first} on ${item.rail}` });
  });
  return issues;
}

const ZIso20022Id = z.string().min(1).max(35);

/**
 * The identifiers of the pain.001 a run's items came from, when the run reaches the bank as JSON rows (the portal sends
 * a file whose rows it fixed or dropped that way, and a run draft holds its rows so): the run keeps the file's
 * GrpHdr/MsgId and each item's PmtInfId, so its pain.002 answers that file.
 */
export const ZRunFileIdentifiers = z
  .strictObject({
    messageId: ZIso20022Id.meta({ description: "The pain.001's GrpHdr/MsgId" }),
    paymentInfoIds: z.array(ZIso20022Id).meta({ description: "Each item's PmtInf/PmtInfId, in the order of `items`" }),
  })
  .meta({ id: "PaymentRunFileIdentifiers" });

/** A PmtInfId per item, or the identifiers would pair items with the wrong payment block. */
function fileIdentifierIssue(body: { items: unknown[]; pain001?: unknown }): string | null {
  const ids: unknown = (body.pain001 as { paymentInfoIds?: unknown } | undefined)?.paymentInfoIds;
  if (!Array.isArray(ids) || ids.length === body.items.length) return null;
  return `must have one PmtInfId per item: ${body.items.length} items, ${ids.length} PmtInfIds`;
}

export const ZPaymentBatchRequest = z
  .strictObject({
    items: z
      .array(ZPaymentRunItem, "items must be an array")
      .min(1, "must have at least 1 item")
      .max(MAX_RUN_ITEMS, `must have at most ${MAX_RUN_ITEMS} items`),
    reference: ZReference.optional().meta({ description: "The payer's name for the run (a payroll month, a supplier run)" }),
    callbackUrl: ZCallbackUrl.optional().meta({ description: "Receives the signed completion callback (decisions §6)" }),
    customHeaders: ZCustomHeaders.optional(),
    pain001: ZRunFileIdentifiers.optional().meta({
      description:
        "Optional, for a run made from a pain.001.001.09 whose rows were changed before sending: the file's MsgId and each item's " +
        "PmtInfId, one per item in the order of `items` (each 1 to 35 characters; else 400 VALIDATION_ERROR naming `pain001...`). " +
        "The run is then a pain.001 run: its pain.002 answers OrgnlMsgId, OrgnlPmtInfId and each item's instructionIdentification " +
        "as OrgnlEndToEndId, and the MsgId is its reference unless one is given. Leave it out otherwise: the run is a JSON run.",
    }),
  })
  // Runs even when some items are invalid, so the repeats and a mismatched pain001 are named in the same 400 as the rest.
  .check(
    z.superRefine<{ items: unknown[]; pain001?: unknown }>(
      (body, ctx) => {
        for (const issue of duplicateInstructionIssues(body.items as TPaymentRunItem[])) {
          ctx.addIssue({ code: "custom", path: ["items", issue.index, "request", "instructionIdentification"], message: issue.message });
        }
        const mismatch = fileIdentifierIssue(body);
        if (mismatch) ctx.addIssue({ code: "custom", path: ["pain001", "paymentInfoIds"], message: mismatch });
      },
      { when: (payload) => Array.isArray((payload.value as { items?: unknown } | null)?.items) },
    ),
  )
  .meta({ id: "PaymentBatchRequest" });
export type TPaymentBatchRequest = z.infer<typeof ZPaymentBatchRequest>;

/** The rails a run's items use, in the rails' order. */
export function railsOf(items: readonly Pick<TPaymentRunItem, "rail">[]): TRail[] {
  const used = new Set(items.map((item) => item.rail));
  return RAILS.filter((rail) => used.has(rail));
}

// ---- amounts ------------------------------------------------------------------------

/** What an item debits, before charges: the debtor account's currency and amount as sent. */
export function itemDebit(item: TPaymentRunItem): { currency: string; amount: string } {
  switch (item.rail) {
    case "ACH":
      return { currency: item.request.debitCurrency, amount: String(item.request.instructedAmount.amount) };
    case "SWIFT":
      return item.request.debitAmount
        ? { currency: item.request.debitAmount.currency, amount: String(item.request.debitAmount.amount) }
        : { currency: item.request.instructedAmount.currency, amount: String(item.request.instructedAmount.amount) };
    case "INTERNAL":
      return { currency: item.request.instructedAmount.currency, amount: String(item.request.instructedAmount.amount) };
  }
}

export const ZCurrencyTotal = z
  .object({ currency: z.string(), amount: z.string().meta({ example: "125000.00" }), count: z.number().int() })
  .meta({ id: "PaymentRunCurrencyTotal" });
export type TCurrencyTotal = z.infer<typeof ZCurrencyTotal>;

/** Total debit per currency (decimal strings, exact), in currency order; an amount a currency cannot hold counts as 0 (validation names it). */
export function totalsByCurrency(items: readonly TPaymentRunItem[]): TCurrencyTotal[] {
  const sums = new Map<string, { minor: bigint; count: number }>();
  for (const item of items) {
    const { currency, amount } = itemDebit(item);
    let minor = 0n;
    try {
      minor = parseAmount(amount, currency);
    } catch {
      // The rail's use case refuses it; the total shows what can be paid.
    }
    const sum = sums.get(currency) ?? { minor: 0n, count: 0 };
    sums.set(currency, { minor: sum.minor + minor, count: sum.count + 1 });
  }
  return [...sums.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([currency, sum]) => ({ currency, amount: formatAmount(sum.minor, currency), count: sum.count }));
}

// ---- results ------------------------------------------------------------------------

/**
 * Created: the payment was made (Pending, or Completed for a transfer).
 * Failed: the payment was made and failed at once (funds; it holds nothing).
 * Rejected: no payment was made (a duplicate instructionIdentification, an account or rule the rail refused).
 */
export const RUN_ITEM_STATUSES = ["Created", "Failed", "Rejected"] as const;
export type TRunItemStatus = (typeof RUN_ITEM_STATUSES)[number];

export const ZPaymentRunResult = z
  .object({
    index: z.number().int().meta({ description: "The item's position in the file, from 0" }),
    status: z.enum(RUN_ITEM_STATUSES),
    paymentId: z.string().nullable(),
    transactionStatus: z.string().nullable().meta({ description: "The payment's transactionStatus (spec §2.8), null when none was made" }),
    endToEndId: z.string().nullable().meta({ description: "The item's instructionIdentification (pain.001 EndToEndId)" }),
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
  })
  .meta({ id: "PaymentRunResult" });
export type TPaymentRunResult = z.infer<typeof ZPaymentRunResult>;

export const ZPaymentRunResults = envelopeOf(ZPaymentRunResult).meta({ id: "PaymentRunResults" });

// ---- the run ------------------------------------------------------------------------

export const RUN_STATUSES = ["PendingApproval", ...ZJobStatusValue.options] as const;

export const ZPaymentRunSummary = z
  .object({
    batchId: z.uuid().meta({ description: "The run's id; its job has the same id (GET /v1/jobs/{jobId})" }),
    status: z.enum(RUN_STATUSES),
    reference: z.string().nullable(),
    format: z.enum(["json", "csv", "pain.001"]),
    totalItems: z.number().int(),
    processedItems: z.number().int(),
    createdItems: z.number().int(),
    failedItems: z.number().int(),
    rejectedItems: z.number().int(),
    totals: z.array(ZCurrencyTotal).meta({ description: "Debit total per currency of every item in the file" }),
    rails: z.array(z.enum(RAILS)),
    createdAt: z.string(),
    completedAt: z.string().nullable(),
    submittedBy: z.object({ email: z.string() }).nullable().meta({ description: "The person who submitted or drafted it; null for an integration" }),
    approvedBy: z.array(z.object({ email: z.string(), decidedAt: z.string() })),
    statusUrl: z.string().meta({ description: "Absolute URL of the run's job, GET /v1/jobs/{jobId}" }),
    resultUrl: z.string().meta({ description: "Absolute URL of GET /v1/jobs/{jobId}/results" }),
  })
  .meta({ id: "PaymentRunSummary" });
export type TPaymentRunSummary = z.infer<typeof ZPaymentRunSummary>;

export const ZPaymentRunList = envelopeOf(ZPaymentRunSummary).meta({ id: "PaymentRunList" });
export const ZPaymentRunParams = z.strictObject({ batchId: z.string().min(1).max(100) });
