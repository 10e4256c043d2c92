import { defineOperation } from "@/lib/contract/http/operation";
import { ZMarkedRead, ZNotificationListQuery, ZNotificationPage, ZNotificationParams, ZNotificationPreferences } from "@/lib/contract/notifications/schema";

/**
 * A person's notifications (docs/notifications.md). These answer only tokens the portal minted for a signed-in
 * person (403 for an integration's token): a notification belongs to a person, not to an organisation.
 */
const tag = "Notifications (portal)";

export const listNotificationsOperation = defineOperation({
  id: "listNotifications",
  method: "GET",
  path: "/v1/me/notifications",
  tag,
  summary: "The signed-in person's notifications, newest first, with their unread count",
  access: "authenticated",
  query: ZNotificationListQuery,
  response: ZNotificationPage,
  csv: false,
  errors: ["VALIDATION_ERROR", "FORBIDDEN"],
});

export const markNotificationReadOperation = defineOperation({
  id: "markNotificationRead",
  method: "POST",
  path: "/v1/me/notifications/{notificationId}/read",
  tag,
  summary: "Mark one of the person's notifications read (again is harmless)",
  access: "authenticated",
  params: ZNotificationParams,
  response: ZMarkedRead,
  csv: false,
  errors: ["VALIDATION_ERROR", "FORBIDDEN", "NOT_FOUND"],
});

export const markAllNotificationsReadOperation = defineOperation({
  id: "markAllNotificationsRead",
  method: "POST",
  path: "/v1/me/notifications/read-all",
  tag,
  summary: "Mark every one of the person's notifications read",
  access: "authenticated",
  response: ZMarkedRead,
  csv: false,
  errors: ["FORBIDDEN"],
});

export const getNotificationPreferencesOperation = defineOperation({
  id: "getNotificationPreferences",
  method: "GET",
  path: "/v1/me/notification-preferences",
  tag,
  summary: "Which kinds the person wants, in the portal and by e-mail (every kind listed, defaults included)",
  access: "authenticated",
  response: ZNotificationPreferences,
  csv: false,
  errors: ["FORBIDDEN"],
});

export const putNotificationPreferencesOperation = defineOperation({
  id: "putNotificationPreferences",
  method: "PUT",
  path: "/v1/me/notification-preferences",
  tag,
  summary: "Change the person's choices (kinds left out keep theirs; audited)",
  access: "authenticated",
  body: ZNotificationPreferences,
  response: ZNotificationPreferences,
  csv: false,
  errors: ["VALIDATION_ERROR", "FORBIDDEN"],
});

export const NOTIFICATION_OPERATIONS = [
  listNotificationsOperation,
  markNotificationReadOperation,
  markAllNotificationsReadOperation,
  getNotificationPreferencesOperation,
  putNotificationPreferencesOperation,
] as const;
