"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { fetchNotifications } from "@/lib/portal/notifications/notifications-api";
import { shouldRetry } from "@/lib/portal/shared/api-client";
import { notificationKeys } from "@/lib/portal/shared/query-keys";
import { BellIcon } from "@/components/ui/icons";

/** The header's bell: the signed-in person's unread notifications, a link to the list. */
export function NotificationBell() {
  const { data } = useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: ({ signal }) => fetchNotifications({ before: null, unread: true, pageSize: 1 }, signal),
    retry: shouldRetry,
    refetchInterval: 30_000,
  });
  const unread = data?.meta.unread ?? 0;
  const label = unread === 0 ? "Notifications, none unread" : `Notifications, ${unread} unread`;
  return (
    <Link
      href="/notifications"
      aria-label={label}
      title={label}
      data-testid="notification-bell"
      className="relative inline-flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
    >
      <BellIcon />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-semibold text-white"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </Link>
  );
}
