import { z } from "zod";
import { envelopeOf } from "@/lib/contract/api/schemas";
import { paginationQuery } from "@/lib/contract/http/pagination";
import { savedFields } from "@/lib/contract/payment-templates/schema";
import { achBodyRules, internalBodyRules, swiftBodyRules } from "@/lib/contract/payments/rules";
import { RAILS, ZAchPaymentRequest, ZInternalTransferRequest, ZSwiftPaymentRequest } from "@/lib/contract/payments/schema";
import { FREQUENCIES, MAX_ORDER_INSTRUCTION_ID } from "@/lib/contract/standing-orders/recurrence";

/**
 * Standing orders (issue 21, decisions §11, docs/scheduling.md "Standing orders"): one rail's payment made again and
 * again on a schedule. The request is the rail's own body without requestedExecutionDate (each occurrence is its own
 * payment on its own day); its optional instructionIdentification (at most 9 characters) is the order's, from which
 * each occurrence's is derived (occurrenceInstructionId: "RENT-270131").
 */

export const MAX_OCCURRENCES = 1000;
export const STANDING_ORDER_STATUSES = ["Active", "Completed", "Cancelled"] as const;

const ZBankDate = (field: string) => z.iso.date(`${field} must be a date written YYYY-MM-DD`);

export const ZStandingSchedule = z
  .strictObject({
    frequency: z.enum(FREQUENCIES, "frequency must be Weekly or Monthly"),
    startDate: ZBankDate("startDate").meta({
      description: "The first occurrence, a bank date (Atlantic/Bermuda), today to +365 days; Monthly repeats its day of the month, Weekly its weekday",
      example: "2027-01-31",
    }),
    endDate: ZBankDate("endDate").nullish().meta({ description: "No occurrence after this bank date" }),
    count: z
      .int("count must be a whole number")
      .min(1, "count must be at least 1")
      .max(MAX_OCCURRENCES, `count must be at most ${MAX_OCCURRENCES}`)
      .nullish()
      .meta({ description: "At most this many occurrences (with endDate too, the first bound reached ends it)" }),
  })
  .superRefine((schedule, ctx) => {
    if (schedule.endDate && schedule.endDate < schedule.startDate) {
      ctx.addIssue({ code: "custom", path: ["endDate"], message: "endDate must be on or after startDate" });
    }
  })
  .meta({ id: "StandingOrderSchedule" });

const ZOrderInstructionId = z
  .string("instructionIdentification must be text")
  .min(1, "instructionIdentification must not be empty")
  .max(MAX_ORDER_INSTRUCTION_ID, `instructionIdentification of a standing order must be at most ${MAX_ORDER_INSTRUCTION_ID} characters`)
  .regex(/^[A-Za-z0-9]+$/, "instructionIdentification of a standing order must be letters and digits")
  .nullish()
  .meta({
    description: "The order's id (1 to 9 letters or digits): each occurrence's instructionIdentification is it, '-' and the occurrence's date as YYMMDD",
    example: "RENT",
  });
const instructionId = { instructionIdentification: ZOrderInstructionId };

export const ZAchStandingRequest = z
  .strictObject({ ...savedFields(ZAchPaymentRequest.shape), ...instructionId })
  .superRefine(achBodyRules)
  .meta({
    id: "AchStandingOrderRequest",
    description: "An ACH payment body without requestedExecutionDate; instructionIdentification is the order's (each occurrence's is derived from it)",
  });
export const ZSwiftStandingRequest = z
  .strictObject({ ...savedFields(ZSwiftPaymentRequest.shape), ...instructionId })
  .superRefine((body, ctx) => swiftBodyRules(body, ctx, true))
  .meta({
    id: "SwiftStandingOrderRequest",
    description: "A SWIFT payment body without requestedExecutionDate; instructionIdentification is the order's (each occurrence's is derived from it)",
  });
export const ZInternalStandingRequest = z
  .strictObject({ ...savedFields(ZInternalTransferRequest.shape), ...instructionId })
  .superRefine(internalBodyRules)
  .meta({
    id: "InternalStandingOrderRequest",
    description: "An internal transfer body without requestedExecutionDate; instructionIdentification is the order's (each occurrence's is derived from it)",
  });

const ach = z.strictObject({ rail: z.literal("ACH"), request: ZAchStandingRequest, schedule: ZStandingSchedule });
const swift = z.strictObject({ rail: z.literal("SWIFT"), request: ZSwiftStandingRequest, schedule: ZStandingSchedule });
const internal = z.strictObject({ rail: z.literal("INTERNAL"), request: ZInternalStandingRequest, schedule: ZStandingSchedule });

export const ZCreateStandingOrder = z
  .discriminatedUnion("rail", [ach, swift, internal], "rail must be ACH, SWIFT or INTERNAL")
  .meta({ id: "CreateStandingOrder" });

const stored = {
  standingOrderId: z.uuid(),
  status: z.enum(STANDING_ORDER_STATUSES).meta({ description: "Active; Completed after its last occurrence's day; Cancelled (DELETE)" }),
  nextExecutionDate: z.iso.date().nullable().meta({
    description:
      "The bank day the next occurrence not yet made will be made on (a holiday or weekend moves it to the next business day); null when none is left",
  }),
  occurrencesMade: z.int().meta({ description: "Occurrences made so far as payments (a Scheduled one counts), each with standingOrderId" }),
  lastPaymentId: z.string().nullable().meta({ description: "The payment of the latest occurrence" }),
  lastFailure: z
    .object({ occurrenceDate: z.string(), code: z.string(), message: z.string() })
    .nullable()
    .meta({ description: "The latest occurrence the rail refused (no payment was made for it), e.g. its payee deleted" }),
  createdBy: z.string().meta({ description: "The person's email, or client:<id> for an integration" }),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const ZStandingOrder = z.discriminatedUnion("rail", [ach.extend(stored), swift.extend(stored), internal.extend(stored)]).meta({ id: "StandingOrder" });

export const ZStandingOrderList = envelopeOf(ZStandingOrder).meta({ id: "StandingOrderList" });

export const ZStandingOrderListQuery = paginationQuery()
  .extend({
    status: z.enum(STANDING_ORDER_STATUSES, "status must be Active, Completed or Cancelled").optional(),
    rail: z.enum(RAILS, "rail must be ACH, SWIFT or INTERNAL").optional(),
  })
  .strict();

export const ZStandingOrderParams = z.strictObject({ standingOrderId: z.uuid("standingOrderId must be a UUID") });

/**
 * PATCH /v1/standing-orders/{id} (issue 21): the order's request replaced whole (the rail's standing body: a new amount,
 * payee or remittance; the rail never changes), and/or its end (endDate, count; null removes it). Its frequency and
 * start stay. Checked whole as a POST of the order's rail, field paths under `request.` and `schedule.`.
 */
export const ZChangeStandingOrder = z
  .strictObject({
    request: z.record(z.string(), z.unknown(), "request must be an object").optional().meta({
      description: "The whole request of the order's rail (AchStandingOrderRequest, SwiftStandingOrderRequest or InternalStandingOrderRequest)",
    }),
    schedule: z
      .strictObject({ endDate: ZStandingSchedule.shape.endDate, count: ZStandingSchedule.shape.count })
      .optional()
      .meta({ description: "A new end: endDate and/or count (null removes that bound); frequency and startDate never change" }),
  })
  .refine((b) => b.request !== undefined || b.schedule !== undefined, "send request, schedule or both")
  .meta({ id: "ChangeStandingOrder" });

/** A change drafted for approval (POST /v1/approvals/drafts, rail STANDING_ORDER_CHANGE): which order, and the PATCH body. */
export const ZStandingOrderChangeDraft = z
  .strictObject({
    standingOrderId: z.uuid("standingOrderId must be a UUID"),
    request: ZChangeStandingOrder.shape.request,
    schedule: ZChangeStandingOrder.shape.schedule,
  })
  .refine((b) => b.request !== undefined || b.schedule !== undefined, "send request, schedule or both")
  .meta({ id: "StandingOrderChangeDraft" });

/** An order's terms as an approver compares them: its request and schedule. */
export const ZStandingOrderTerms = z
  .strictObject({ request: z.record(z.string(), z.unknown()), schedule: ZStandingSchedule })
  .meta({ id: "StandingOrderTerms" });

export type TCreateStandingOrder = z.infer<typeof ZCreateStandingOrder>;
export type TChangeStandingOrder = z.infer<typeof ZChangeStandingOrder>;
export type TStandingOrderTerms = z.infer<typeof ZStandingOrderTerms>;
export type TStandingOrder = z.infer<typeof ZStandingOrder>;
export type TStandingOrderList = z.infer<typeof ZStandingOrderList>;
export type TStandingOrderListQuery = z.infer<typeof ZStandingOrderListQuery>;
export type TStandingSchedule = z.infer<typeof ZStandingSchedule>;
export type TStandingOrderStatus = (typeof STANDING_ORDER_STATUSES)[number];
