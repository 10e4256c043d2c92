"use client";

import { useSyncExternalStore } from "react";
import { cx } from "@/components/ui/cx";
import { getQuota, subscribeQuota } from "@/lib/portal/shared/quota-store";

const serverSnapshot = () => null;

/**
 * The client's API requests left in the current window, as the last /v1
 * response said. The portal shares this quota with the client's own
 * integrations, so it is worth seeing.
 */
export function QuotaMeter() {
  const quota = useSyncExternalStore(subscribeQuota, getQuota, serverSnapshot);
  const ratio = quota && quota.limit > 0 ? quota.remaining / quota.limit : 1;
  const low = ratio < 0.1;
  const label = quota ? `${quota.remaining.toLocaleString("en-US")} of ${quota.limit.toLocaleString("en-US")} API requests left` : "API quota not known yet";
  return (
    <div className="hidden items-center gap-2 text-xs text-slate-600 sm:flex dark:text-slate-400" title={label}>
      <span className="sr-only">{label}</span>
      <span aria-hidden="true">API quota</span>
      <span aria-hidden="true" className="h-1.5 w-16 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800">
        <span
          className={cx("block h-full rounded-full", low ? "bg-red-500" : "bg-brand-500")}
          style={{ width: `${Math.round(ratio * 100)}%` }}
        />
      </span>
      <span aria-hidden="true" className="tabular w-20 text-slate-700 dark:text-slate-300">
        {quota ? `${quota.remaining.toLocaleString("en-US")} left` : "—"}
      </span>
    </div>
  );
}
