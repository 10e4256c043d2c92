import { z } from "zod";
import { envelopeOf } from "@/lib/contract/api/schemas";
import { ZCustomHeaders } from "@/lib/contract/http/custom-headers";
import { paginationQuery } from "@/lib/contract/http/pagination";
import { ZEventTopic } from "@/lib/contract/events/schema";

/** Spec §2.10, §4.8; decisions §7. Browser-safe: zod only. */

export const SUBSCRIPTION_PAGE_SIZE_MAX = 500;

export const ZCreateSubscription = z.strictObject({
  topic: ZEventTopic,
  callbackUrl: z
    .string()
    .min(1)
    .max(2048)
    .meta({ description: "Absolute http(s) URL; https only in production", example: "https://erp.example.com/hooks/harbour" }),
  customHeaders: ZCustomHeaders.optional(),
});

export const ZSubscription = z
  .object({
    subscriptionId: z.uuid(),
    topic: ZEventTopic,
    webhookUrl: z.string(),
    isActive: z.boolean(),
    createdUtc: z.string().meta({ description: "ISO 8601 with offset" }),
    updatedUtc: z.string().meta({ description: "ISO 8601 with offset" }),
    customHeaders: z.record(z.string(), z.string()),
  })
  .meta({ id: "Subscription" });

export const ZSubscriptionList = envelopeOf(ZSubscription).meta({ id: "SubscriptionList" });
export const ZSubscriptionListQuery = paginationQuery(SUBSCRIPTION_PAGE_SIZE_MAX).strict();
export const ZSubscriptionParams = z.strictObject({ subscriptionId: z.uuid("must be a UUID") });

export const ZDeliveryStatus = z.enum(["Pending", "Succeeded", "Failed"]);

export const ZDeliveryAttempt = z
  .object({
    deliveryId: z.uuid(),
    attemptNumber: z.number().int(),
    attemptedUtc: z.string(),
    statusCode: z.number().int().nullable().meta({ description: "HTTP status of the receiver's answer; null when none came" }),
    latencyMs: z.number().int(),
    succeeded: z.boolean(),
    error: z.string().nullable(),
    deliveryStatus: ZDeliveryStatus,
    transactionId: z.string().nullable(),
    webhookUrl: z.string(),
  })
  .meta({ id: "DeliveryAttempt" });

export const ZDeliveryAttemptList = envelopeOf(ZDeliveryAttempt).meta({ id: "DeliveryAttemptList" });
export const ZDeliveryAttemptListQuery = paginationQuery().strict();
export const ZDeliveryParams = z.strictObject({ deliveryId: z.uuid("must be a UUID") });

export const ZDelivery = z
  .object({
    deliveryId: z.uuid(),
    status: ZDeliveryStatus,
    attempts: z.number().int(),
    nextAttemptUtc: z.string().nullable(),
    lastError: z.string().nullable(),
    createdUtc: z.string(),
    updatedUtc: z.string(),
  })
  .meta({ id: "Delivery" });

export const ZSigningSecret = z
  .object({
    algorithm: z.enum(["HMAC-SHA256", "RSA-PSS-SHA256"]),
    secret: z.string().nullable().meta({ description: "The Message Signing Secret; null for RSA clients (verify with the JWKS)" }),
  })
  .meta({ id: "SigningSecret" });

export const ZRotatedSigningSecret = ZSigningSecret.extend({
  previousSecretValidUntil: z.string().meta({ description: "Until then receivers should also accept the previous secret" }),
}).meta({ id: "RotatedSigningSecret" });

export type TSubscription = z.infer<typeof ZSubscription>;
export type TSubscriptionList = z.infer<typeof ZSubscriptionList>;
export type TCreateSubscription = z.infer<typeof ZCreateSubscription>;
export type TDeliveryAttempt = z.infer<typeof ZDeliveryAttempt>;
export type TDeliveryAttemptList = z.infer<typeof ZDeliveryAttemptList>;
export type TDelivery = z.infer<typeof ZDelivery>;
export type TSigningSecret = z.infer<typeof ZSigningSecret>;
export type TRotatedSigningSecret = z.infer<typeof ZRotatedSigningSecret>;
