"use client";

import Link from "next/link";
import type { TNotification } from "@/lib/contract/notifications/schema";
import { formatBankDateTime } from "@/lib/contract/time/date-format";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";

/** One notification: unread ones stand out and say so to a screen reader; opening one marks it read. */
export function NotificationItem({ item, onRead, busy }: { item: TNotification; onRead: (id: string) => void; busy: boolean }) {
  const unread = item.readAt === null;
  return (
    <li className={cx("flex flex-col gap-2 px-5 py-4 sm:flex-row sm:items-start sm:justify-between", unread && "bg-brand-50/60 dark:bg-brand-950/30")}>
      <div className="min-w-0">
        <p className="flex items-center gap-2 text-sm font-semibold text-slate-900 dark:text-slate-100">
          {unread ? <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-brand-600" /> : null}
          {unread ? <span className="sr-only">Unread: </span> : null}
          {item.title}
        </p>
        <p className="mt-1 text-sm break-words text-slate-700 dark:text-slate-300">{item.body}</p>
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{formatBankDateTime(item.createdAt)}</p>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        {item.link ? (
          <Link
            href={item.link}
            onClick={() => unread && onRead(item.notificationId)}
            className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-400"
          >
            Open<span className="sr-only">: {item.title}</span>
          </Link>
        ) : null}
        {unread ? (
          <Button variant="ghost" disabled={busy} onClick={() => onRead(item.notificationId)}>
            Mark read<span className="sr-only">: {item.title}</span>
          </Button>
        ) : null}
      </div>
    </li>
  );
}
