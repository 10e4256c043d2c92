import {
  getNotificationPreferencesOperation,
  listNotificationsOperation,
  markAllNotificationsReadOperation,
  markNotificationReadOperation,
  putNotificationPreferencesOperation,
} from "@/lib/contract/notifications/operations";
import type { TMarkedRead, TNotificationPage, TNotificationPreferences } from "@/lib/contract/notifications/schema";
import { apiJson } from "@/lib/portal/shared/api-client";

/** The signed-in person's notifications as the portal calls them (/v1/me, docs/notifications.md). */

export type NotificationPageParams = { before: string | null; unread: boolean; pageSize: number };

export function fetchNotifications(params: NotificationPageParams, signal?: AbortSignal): Promise<TNotificationPage> {
  const query = new URLSearchParams({ pageSize: String(params.pageSize) });
  if (params.before) query.set("before", params.before);
  if (params.unread) query.set("unread", "true");
  return apiJson(listNotificationsOperation, `/v1/me/notifications?${query}`, { signal });
}

export function markNotificationRead(notificationId: string): Promise<TMarkedRead> {
  return apiJson(markNotificationReadOperation, `/v1/me/notifications/${encodeURIComponent(notificationId)}/read`);
}

export function markAllNotificationsRead(): Promise<TMarkedRead> {
  return apiJson(markAllNotificationsReadOperation, "/v1/me/notifications/read-all");
}

export function fetchNotificationPreferences(signal?: AbortSignal): Promise<TNotificationPreferences> {
  return apiJson(getNotificationPreferencesOperation, "/v1/me/notification-preferences", { signal });
}

export function saveNotificationPreferences(preferences: TNotificationPreferences): Promise<TNotificationPreferences> {
  return apiJson(putNotificationPreferencesOperation, "/v1/me/notification-preferences", { body: preferences });
}
