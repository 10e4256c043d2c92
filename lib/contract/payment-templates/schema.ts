import { z } from "zod";
import { envelopeOf } from "@/lib/contract/api/schemas";
import { paginationQuery } from "@/lib/contract/http/pagination";
import { RAILS, ZAchPaymentRequest, ZAmount, ZInternalTransferRequest, ZSwiftPaymentRequest } from "@/lib/contract/payments/schema";
import { achBodyRules, internalBodyRules, swiftBodyRules } from "@/lib/contract/payments/rules";

/**
 * Payment templates (issue 21, decisions §11): a named, saved payment of one
 * rail that "New from template" and "Pay again" fill a payment form with. The
 * saved request is the rail's own body without what belongs to one payment
 * only, and with the amount optional; the rail's rules across fields apply as
 * they do to a payment. A template is never paid by itself: the form it fills
 * is an ordinary payment (same rules, same approvals).
 */

/** What one payment has and a saved one never does: each payment sends its own instruction id (and its own date). */
const ONE_PAYMENT_ONLY = new Set(["instructionIdentification", "requestedExecutionDate"]);

/** A rail's body without what belongs to one payment only: a template's request, and a standing order's (every occurrence is its own payment). */
export function savedFields<S extends z.ZodRawShape>(shape: S): Omit<S, "instructionIdentification" | "requestedExecutionDate"> {
  return Object.fromEntries(Object.entries(shape).filter(([key]) => !ONE_PAYMENT_ONLY.has(key))) as Omit<
    S,
    "instructionIdentification" | "requestedExecutionDate"
  >;
}

const achShape = ZAchPaymentRequest.shape;
export const ZAchTemplateRequest = z
  .strictObject({
    ...savedFields(achShape),
    instructedAmount: z.strictObject({ amount: ZAmount.nullish(), currency: achShape.instructedAmount.shape.currency }),
  })
  .superRefine(achBodyRules)
  .meta({ id: "AchTemplateRequest", description: "An ACH payment body without instructionIdentification; the amount is optional" });

export const ZSwiftTemplateRequest = z
  .strictObject(savedFields(ZSwiftPaymentRequest.shape))
  .superRefine((body, ctx) => swiftBodyRules(body, ctx, false))
  .meta({ id: "SwiftTemplateRequest", description: "A SWIFT payment body without instructionIdentification; both amounts are optional" });

const internalShape = ZInternalTransferRequest.shape;
export const ZInternalTemplateRequest = z
  .strictObject({
    ...savedFields(internalShape),
    instructedAmount: z.strictObject({ amount: ZAmount.nullish(), currency: internalShape.instructedAmount.shape.currency }),
  })
  .superRefine(internalBodyRules)
  .meta({ id: "InternalTemplateRequest", description: "An internal transfer body without instructionIdentification; the amount is optional" });

const ZTemplateName = z
  .string("name must be text")
  .trim()
  .min(1, "name must not be empty")
  .max(70, "name must be at most 70 characters")
  .meta({ description: "Unique among the client's templates (case-insensitive)", example: "Rent, Harbour Properties" });

const ach = z.strictObject({ name: ZTemplateName, rail: z.literal("ACH"), request: ZAchTemplateRequest });
const swift = z.strictObject({ name: ZTemplateName, rail: z.literal("SWIFT"), request: ZSwiftTemplateRequest });
const internal = z.strictObject({ name: ZTemplateName, rail: z.literal("INTERNAL"), request: ZInternalTemplateRequest });

export const ZCreatePaymentTemplate = z
  .discriminatedUnion("rail", [ach, swift, internal], "rail must be ACH, SWIFT or INTERNAL")
  .meta({ id: "CreatePaymentTemplate" });

/** PATCH: a new name, a new saved request (whole, checked with the template's rail rules as in a POST), or both. The rail never changes. */
export const ZUpdatePaymentTemplate = z
  .strictObject({
    name: ZTemplateName.optional(),
    request: z.record(z.string(), z.unknown(), "request must be an object").optional().meta({
      description: "The whole saved request of the template's rail (AchTemplateRequest, SwiftTemplateRequest or InternalTemplateRequest)",
    }),
  })
  .refine((b) => b.name !== undefined || b.request !== undefined, "send name, request or both")
  .meta({ id: "UpdatePaymentTemplate" });

const stored = {
  templateId: z.uuid(),
  createdBy: z.string().meta({ description: "The person's email, or client:<id> for an integration" }),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const ZPaymentTemplate = z
  .discriminatedUnion("rail", [ach.extend(stored), swift.extend(stored), internal.extend(stored)])
  .meta({ id: "PaymentTemplate" });

export const ZPaymentTemplateList = envelopeOf(ZPaymentTemplate).meta({ id: "PaymentTemplateList" });

export const ZPaymentTemplateListQuery = paginationQuery()
  .extend({
    name: z.string().trim().min(1, "name must not be empty").max(70, "name must be at most 70 characters").optional().meta({
      description: "Part of the template's name (case-insensitive)",
    }),
    rail: z.enum(RAILS, "rail must be ACH, SWIFT or INTERNAL").optional(),
  })
  .strict();

export const ZPaymentTemplateParams = z.strictObject({ templateId: z.uuid("templateId must be a UUID") });

export type TCreatePaymentTemplate = z.infer<typeof ZCreatePaymentTemplate>;
export type TUpdatePaymentTemplate = z.infer<typeof ZUpdatePaymentTemplate>;
export type TPaymentTemplate = z.infer<typeof ZPaymentTemplate>;
export type TPaymentTemplateList = z.infer<typeof ZPaymentTemplateList>;
export type TPaymentTemplateListQuery = z.infer<typeof ZPaymentTemplateListQuery>;
export type TTemplateRequest = TCreatePaymentTemplate["request"];
export type TAchTemplateRequest = z.infer<typeof ZAchTemplateRequest>;
export type TSwiftTemplateRequest = z.infer<typeof ZSwiftTemplateRequest>;
export type TInternalTemplateRequest = z.infer<typeof ZInternalTemplateRequest>;
