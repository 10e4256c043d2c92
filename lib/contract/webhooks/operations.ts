import { z } from "zod";
import { defineOperation } from "@/lib/contract/http/operation";
import {
  ZCreateSubscription,
  ZDelivery,
  ZDeliveryAttemptList,
  ZDeliveryAttemptListQuery,
  ZDeliveryParams,
  ZRotatedSigningSecret,
  ZSigningSecret,
  ZSubscription,
  ZSubscriptionList,
  ZSubscriptionListQuery,
  ZSubscriptionParams,
} from "@/lib/contract/webhooks/schema";

const access = { permission: "receive-notifications" } as const;
const tag = "Notifications";
export const createSubscriptionOperation = defineOperation({
  id: "createSubscription",
  method: "POST",
  path: "/v1/notifications/subscriptions",
  tag,
  summary: "Subscribe a webhook URL to one topic's notifications",
  description:
    "topic is `Deposits` (spec §6.1 body) or `PaymentStatusChanged`, `PaymentReturned`, `ApprovalRequested`, `ApprovalDecided`, `JobCompleted` " +
    "(body `{eventId, subscriptionId, topic, occurredAt, data}`, see the document's webhooks); callbackUrl an absolute http(s) URL (https only in production, no private addresses outside uat) " +
    "of at most 2048 characters; customHeaders at most 10, not Host, Content-Type, Content-Length, Authorization, Svc-* or hop-by-hop headers.",
  access,
  body: ZCreateSubscription,
  response: ZSubscription,
  status: 201,
  csv: true,
  errors: ["VALIDATION_ERROR"],
  idempotency: "optional",
});

export const listSubscriptionsOperation = defineOperation({
  id: "listSubscriptions",
  method: "GET",
  path: "/v1/notifications/subscriptions",
  tag,
  summary: "The client's subscriptions, active and inactive, newest first",
  access,
  query: ZSubscriptionListQuery,
  response: ZSubscriptionList,
  csv: true,
  errors: ["VALIDATION_ERROR", "INVALID_PAGE_TOKEN"],
});

export const getSubscriptionOperation = defineOperation({
  id: "getSubscription",
  method: "GET",
  path: "/v1/notifications/subscriptions/{subscriptionId}",
  tag,
  summary: "One subscription",
  access,
  params: ZSubscriptionParams,
  response: ZSubscription,
  csv: true,
  errors: ["VALIDATION_ERROR", "SUBSCRIPTION_NOT_FOUND"],
});

export const deleteSubscriptionOperation = defineOperation({
  id: "deleteSubscription",
  method: "DELETE",
  path: "/v1/notifications/subscriptions/{subscriptionId}",
  tag,
  summary: "Deactivate a subscription (soft delete, idempotent)",
  description: "Answers the subscription with isActive false. Deliveries already queued are still sent; new events no longer match.",
  access,
  params: ZSubscriptionParams,
  response: ZSubscription,
  csv: true,
  errors: ["VALIDATION_ERROR", "SUBSCRIPTION_NOT_FOUND"],
  idempotency: "optional",
});

export const listSubscriptionDeliveriesOperation = defineOperation({
  id: "listSubscriptionDeliveries",
  method: "GET",
  path: "/v1/notifications/subscriptions/{subscriptionId}/deliveries",
  tag,
  summary: "Delivery attempts for a subscription, newest first",
  access,
  params: ZSubscriptionParams,
  query: ZDeliveryAttemptListQuery,
  response: ZDeliveryAttemptList,
  csv: true,
  errors: ["VALIDATION_ERROR", "INVALID_PAGE_TOKEN", "SUBSCRIPTION_NOT_FOUND"],
});

export const retryDeliveryOperation = defineOperation({
  id: "retryDelivery",
  method: "POST",
  path: "/v1/notifications/deliveries/{deliveryId}/retry",
  tag,
  summary: "Send a finished delivery once more",
  description: "One new attempt with the same body and a fresh signature. A delivery still Pending answers 409 INVALID_STATUS_TRANSITION.",
  access,
  params: ZDeliveryParams,
  response: ZDelivery,
  status: 202,
  csv: false,
  errors: ["VALIDATION_ERROR", "NOT_FOUND", "INVALID_STATUS_TRANSITION"],
});

export const getSigningSecretOperation = defineOperation({
  id: "getSigningSecret",
  method: "GET",
  path: "/v1/notifications/signing-secret",
  tag,
  summary: "How this client's webhooks are signed, and the HMAC secret",
  access,
  response: ZSigningSecret,
  csv: false,
  errors: ["STEP_UP_REQUIRED"],
});

export const rotateSigningSecretOperation = defineOperation({
  id: "rotateSigningSecret",
  method: "POST",
  path: "/v1/notifications/signing-secret/rotate",
  tag,
  summary: "Replace the HMAC signing secret",
  description:
    "Deliveries are signed with the new secret from the next attempt on. Receivers should accept the previous secret as well " +
    "until previousSecretValidUntil (24 h). RSA clients have no secret: 400.",
  access,
  body: z.strictObject({}).optional(),
  response: ZRotatedSigningSecret,
  csv: false,
  errors: ["VALIDATION_ERROR", "STEP_UP_REQUIRED"],
});
