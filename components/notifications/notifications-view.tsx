"use client";

import { useState } from "react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchNotifications, markAllNotificationsRead, markNotificationRead } from "@/lib/portal/notifications/notifications-api";
import { shouldRetry } from "@/lib/portal/shared/api-client";
import { notificationKeys } from "@/lib/portal/shared/query-keys";
import { NotificationItem } from "@/components/notifications/notification-item";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { FilterSelect } from "@/components/ui/form";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/state-message";

const PAGE_SIZE = 20;

/**
 * The person's notifications, newest first. Pages go by the last one shown (`before`), so a notification arriving
 * meanwhile never shifts a page: "Newer" steps back through the pages already seen.
 */
export function NotificationsView() {
  const queryClient = useQueryClient();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [cursors, setCursors] = useState<string[]>([]);
  const before = cursors.at(-1) ?? null;
  const params = { before, unread: unreadOnly, pageSize: PAGE_SIZE };
  const query = useQuery({
    queryKey: notificationKeys.page(params),
    queryFn: ({ signal }) => fetchNotifications(params, signal),
    retry: shouldRetry,
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  const markOne = useMutation({ mutationFn: markNotificationRead, onSettled: refresh });
  const markAll = useMutation({ mutationFn: markAllNotificationsRead, onSettled: refresh });
  const unread = query.data?.meta.unread ?? 0;

  return (
    <Card aria-labelledby="notifications-title">
      <CardHeader
        id="notifications-title"
        title="Your notifications"
        description={query.data ? (unread === 0 ? "Nothing unread." : `${unread} unread.`) : "Loading…"}
        actions={
          <>
            <FilterSelect
              id="notifications-filter"
              label="Show"
              value={unreadOnly ? "unread" : ""}
              all="All"
              options={[{ value: "unread", label: "Unread only" }]}
              onChange={(value) => {
                setUnreadOnly(value === "unread");
                setCursors([]);
              }}
            />
            <Button className="self-end" disabled={unread === 0 || markAll.isPending} onClick={() => markAll.mutate()}>
              Mark all read
            </Button>
          </>
        }
      />
      {markOne.isError || markAll.isError ? (
        <p role="alert" className="px-5 pt-3 text-sm text-red-700 dark:text-red-400">
          This could not be marked read: {(markOne.error ?? markAll.error)?.message}. Try again.
        </p>
      ) : null}
      {query.isPending ? (
        <ul aria-label="Loading notifications" className="divide-y divide-slate-200 dark:divide-slate-800">
          {Array.from({ length: 4 }, (_, i) => (
            <li key={i} className="space-y-2 px-5 py-4">
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-3 w-24" />
            </li>
          ))}
        </ul>
      ) : query.isError ? (
        <ErrorState title="Your notifications could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.data.length === 0 ? (
        <EmptyState title={unreadOnly ? "Nothing unread" : "No notifications yet"}>
          {unreadOnly
            ? "You have read every notification. Show all to see them again."
            : "You will be told here when a draft waits for you, when your drafts are decided, and when a payment fails or comes back."}
        </EmptyState>
      ) : (
        <ul aria-label="Notifications" className="divide-y divide-slate-200 dark:divide-slate-800">
          {query.data.data.map((item) => (
            <NotificationItem key={item.notificationId} item={item} busy={markOne.isPending} onRead={(id) => markOne.mutate(id)} />
          ))}
        </ul>
      )}
      {cursors.length > 0 || query.data?.meta.hasMore ? (
        <nav aria-label="Notification pages" className="flex justify-between gap-2 border-t border-slate-200 px-5 py-3 dark:border-slate-800">
          <Button disabled={cursors.length === 0 || query.isFetching} onClick={() => setCursors(cursors.slice(0, -1))}>
            Newer
          </Button>
          <Button
            disabled={!query.data?.meta.hasMore || query.isFetching}
            onClick={() => query.data?.meta.next && setCursors([...cursors, query.data.meta.next])}
          >
            Older
          </Button>
        </nav>
      ) : null}
    </Card>
  );
}
