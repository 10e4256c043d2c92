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
  const query = { pageSize: params.pageSize, ...(params.before ? { before: params.before } : {}), ...(params.unread ? { unread: "true" as const } : {}) };
  return apiJson(listNotificationsOperation, { params: { query }, signal });
}

export function markNotificationRead(notificationId: string): Promise<TMarkedRead> {
  return apiJson(markNotificationReadOperation, { params: { path: { notificationId } } });
}

export function markAllNotificationsRead(): Promise<TMarkedRead> {
  return apiJson(markAllNotificationsReadOperation);
}

export function fetchNotificationPreferences(signal?: AbortSignal): Promise<TNotificationPreferences> {
  return apiJson(getNotificationPreferencesOperation, { signal });
}

export function saveNotificationPreferences(preferences: TNotificationPreferences): Promise<TNotificationPreferences> {
  return apiJson(putNotificationPreferencesOperation, { body: preferences });
}
