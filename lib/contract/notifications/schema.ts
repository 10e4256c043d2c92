import { z } from "zod";

/**
 * Notifications for people (docs/notifications.md): what the portal's bell counts and its page lists, and each
 * person's choice per kind. Browser-safe: zod only.
 */

export const NOTIFICATION_KINDS = ["ApprovalWaiting", "DraftOutcome", "DraftExpiring", "PaymentProblem", "WebhookFailing"] as const;
export type TNotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const ZNotificationKind = z.enum(NOTIFICATION_KINDS, `kind must be one of ${NOTIFICATION_KINDS.join(", ")}`);

/** What each kind is, as the preferences list names it, and who receives it. */
export const NOTIFICATION_KIND_LABELS: Readonly<Record<TNotificationKind, { label: string; who: string }>> = {
  ApprovalWaiting: { label: "A draft waits for your approval", who: "Approvers and administrators, never the person who drafted it" },
  DraftOutcome: { label: "Your draft was approved, rejected, refused or expired", who: "The person who drafted it" },
  DraftExpiring: { label: "A draft expires within the hour", who: "The person who drafted it and those who may still approve it" },
  PaymentProblem: { label: "A payment failed or was returned", who: "The person who made the payment and the organisation's treasurers" },
  WebhookFailing: { label: "A webhook endpoint keeps failing", who: "Administrators" },
};

/** Without a choice of their own, a person sees every kind in the portal and gets no e-mail. */
export const DEFAULT_PREFERENCE = { inPortal: true, byEmail: false } as const;

export const NOTIFICATION_PAGE_SIZE_MAX = 100;

export const ZNotification = z
  .object({
    notificationId: z.uuid(),
    kind: ZNotificationKind,
    title: z.string(),
    body: z.string(),
    link: z.string().nullable().meta({ description: "A portal path to what it is about" }),
    createdAt: z.string(),
    readAt: z.string().nullable(),
  })
  .meta({ id: "Notification" });

export const ZNotificationListQuery = z.strictObject({
  before: z.uuid("before must be a notificationId (a UUID)").optional(),
  unread: z.enum(["true", "false"], "unread must be true or false").optional(),
  pageSize: z.coerce.number("pageSize must be a number").int("pageSize must be a whole number").min(1).max(NOTIFICATION_PAGE_SIZE_MAX).default(20),
});

export const ZNotificationPage = z
  .object({
    data: z.array(ZNotification),
    meta: z.object({
      hasMore: z.boolean(),
      next: z.string().nullable().meta({ description: "The notificationId to pass as `before` for the next (older) page" }),
      unread: z.number().int().meta({ description: "The person's unread notifications, all pages" }),
    }),
  })
  .meta({ id: "NotificationPage" });

export const ZNotificationParams = z.strictObject({ notificationId: z.uuid("notificationId must be a UUID") });

export const ZMarkedRead = z.object({ marked: z.number().int(), unread: z.number().int() }).meta({ id: "NotificationsMarkedRead" });

export const ZNotificationPreference = z.strictObject({
  kind: ZNotificationKind,
  inPortal: z.boolean("inPortal must be true or false"),
  byEmail: z.boolean("byEmail must be true or false"),
});

export const ZNotificationPreferences = z
  .strictObject({
    preferences: z
      .array(ZNotificationPreference)
      .max(NOTIFICATION_KINDS.length)
      .refine((list) => new Set(list.map((p) => p.kind)).size === list.length, "preferences must name each kind at most once"),
  })
  .meta({ id: "NotificationPreferences" });

export type TNotification = z.infer<typeof ZNotification>;
export type TNotificationPage = z.infer<typeof ZNotificationPage>;
export type TNotificationListQuery = z.infer<typeof ZNotificationListQuery>;
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;
export type TMarkedRead = z.infer<typeof ZMarkedRead>;
