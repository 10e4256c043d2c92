import { z } from "zod";
import { ZMoney } from "@/lib/contract/api/schemas";
import { APPROVAL_RAILS } from "@/lib/contract/approvals/schema";
import { PAYMENT_STATUSES, RAILS } from "@/lib/contract/payments/schema";
import { ZReturnReason } from "@/lib/contract/payments/returns";

/**
 * Events (decisions §11 "topics and events"): what a subscription of a topic is sent and what
 * GET /v1/events lists. Each topic's `data` is one schema here, so the webhook bodies, the
 * events API and the OpenAPI document cannot drift apart. Browser-safe: zod only.
 */

export const EVENT_TOPICS = ["Deposits", "PaymentStatusChanged", "PaymentReturned", "ApprovalRequested", "ApprovalDecided", "JobCompleted"] as const;
export type TEventTopic = (typeof EVENT_TOPICS)[number];
export const ZEventTopic = z.enum(EVENT_TOPICS, `topic must be one of ${EVENT_TOPICS.join(", ")}`);

/** Events are listed for 30 days (the purge keeps the table at that). */
export const EVENT_RETENTION_DAYS = 30;
export const EVENT_PAGE_SIZE_MAX = 500;

const ZPaymentRef = {
  paymentId: z.string(),
  rail: z.enum(RAILS),
  instructionIdentification: z.string().nullable(),
  debtorAccount: z.string().meta({ description: "The debited account's number" }),
  debitAmount: ZMoney,
};

/** The spec §6.1 deposit notification, less subscriptionId and topic (the webhook body is that, unchanged). */
export const ZDepositEventData = z
  .object({
    accountNumber: z.string(),
    transactionId: z.string(),
    type: z.literal("Credit"),
    value: ZMoney,
    transactionType: z.string(),
    transactionDetails: z.string(),
  })
  .meta({ id: "DepositEventData" });

export const ZPaymentStatusChangedData = z
  .object({
    ...ZPaymentRef,
    from: z.enum(PAYMENT_STATUSES),
    to: z.enum(PAYMENT_STATUSES),
    /** Why, when the move says: a return's reason (Reversed). */
    returnReason: ZReturnReason.nullable(),
  })
  .meta({ id: "PaymentStatusChangedData" });

export const ZPaymentReturnedData = z
  .object({
    ...ZPaymentRef,
    returnReason: ZReturnReason,
    creditedBack: ZMoney.meta({ description: "What came back to the debtor account (principal, and charges per docs/returns.md)" }),
  })
  .meta({ id: "PaymentReturnedData" });

const ZDraftRef = {
  draftId: z.uuid(),
  rail: z.enum(APPROVAL_RAILS),
  amount: ZMoney.nullable().meta({ description: "Null for a virtual-account batch" }),
  maker: z.object({ email: z.string() }),
};

export const ZApprovalRequestedData = z
  .object({ ...ZDraftRef, approvalsRequired: z.number().int(), expiresAt: z.string().nullable() })
  .meta({ id: "ApprovalRequestedData" });

export const ZApprovalDecidedData = z
  .object({
    ...ZDraftRef,
    decision: z.enum(["Approved", "Rejected"]),
    decidedBy: z.object({ email: z.string() }),
    decidedAt: z.string(),
    comment: z.string().nullable(),
    /** The draft's status after the decision (an approval short of the quorum leaves it AwaitingApproval). */
    status: z.string(),
    paymentId: z.string().nullable(),
  })
  .meta({ id: "ApprovalDecidedData" });

export const ZJobCompletedData = z
  .object({
    jobId: z.string(),
    kind: z.enum(["VirtualAccounts", "PaymentBatch"]),
    status: z.string().meta({ description: "Completed, CompletedWithErrors or Failed" }),
    totalItems: z.number().int(),
    succeededItems: z.number().int(),
    failedItems: z.number().int(),
    completedAt: z.string(),
    statusUrl: z.string(),
    resultUrl: z.string(),
  })
  .meta({ id: "JobCompletedData" });

export const EVENT_DATA = {
  Deposits: ZDepositEventData,
  PaymentStatusChanged: ZPaymentStatusChangedData,
  PaymentReturned: ZPaymentReturnedData,
  ApprovalRequested: ZApprovalRequestedData,
  ApprovalDecided: ZApprovalDecidedData,
  JobCompleted: ZJobCompletedData,
} as const satisfies Record<TEventTopic, z.ZodType>;

export type TEventData<T extends TEventTopic> = z.infer<(typeof EVENT_DATA)[T]>;
/** What a use case raises: one topic and its data. */
export type TRaisedEvent = { [T in TEventTopic]: { topic: T; data: TEventData<T> } }[TEventTopic];

const eventOf = <T extends TEventTopic>(topic: T) =>
  z.object({ eventId: z.uuid(), topic: z.literal(topic), occurredAt: z.string().meta({ description: "ISO 8601, UTC" }), data: EVENT_DATA[topic] });

export const ZEvent = z
  .discriminatedUnion("topic", [
    eventOf("Deposits"),
    eventOf("PaymentStatusChanged"),
    eventOf("PaymentReturned"),
    eventOf("ApprovalRequested"),
    eventOf("ApprovalDecided"),
    eventOf("JobCompleted"),
  ])
  .meta({ id: "Event" });

/** The webhook body a subscription of `topic` is sent: spec §6.1's for Deposits, else the event with its subscriptionId. */
export function notificationSchemaOf(topic: TEventTopic): z.ZodType {
  const base = { subscriptionId: z.uuid(), topic: z.literal(topic) };
  if (topic === "Deposits") return z.object({ ...base, ...ZDepositEventData.shape }).meta({ id: "DepositsNotification" });
  return z.object({ eventId: z.uuid(), ...base, occurredAt: z.string(), data: EVENT_DATA[topic] }).meta({ id: `${topic}Notification` });
}

export const ZEventListQuery = z.strictObject({
  topic: ZEventTopic.optional(),
  after: z.uuid("after must be an eventId (a UUID)").optional(),
  pageSize: z.coerce.number("pageSize must be a number").int().min(1).max(EVENT_PAGE_SIZE_MAX).default(100),
});

export const ZEventPage = z
  .object({
    data: z.array(ZEvent),
    meta: z.object({
      hasMore: z.boolean(),
      next: z.string().nullable().meta({ description: "The eventId to pass as `after` for the next page (the last listed, or `after` itself when none)" }),
    }),
  })
  .meta({ id: "EventPage" });

export type TEvent = z.infer<typeof ZEvent>;
export type TEventPage = z.infer<typeof ZEventPage>;
export type TEventListQuery = z.infer<typeof ZEventListQuery>;
