"use client";

import { useSyncExternalStore } from "react";
import { usePortalUser } from "@/components/portal-user";
import { cx } from "@/components/ui/cx";
import { getQuotas, subscribeQuota, type Quota, type Quotas } from "@/lib/portal/shared/quota-store";

const NOT_KNOWN: Quotas = { own: null, client: null };
const serverSnapshot = (): Quotas => NOT_KNOWN;

function Meter({ name, quota, label, testId }: { name: string; quota: Quota | null; label: string; testId: string }) {
  const ratio = quota && quota.limit > 0 ? quota.remaining / quota.limit : 1;
  return (
    <div className="hidden items-center gap-2 text-xs text-slate-600 sm:flex dark:text-slate-400" title={label} data-testid={testId}>
      <span className="sr-only">{label}</span>
      <span aria-hidden="true">{name}</span>
      <span aria-hidden="true" className="h-1.5 w-12 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800">
        <span className={cx("block h-full rounded-full", ratio < 0.1 ? "bg-red-500" : "bg-brand-500")} style={{ width: `${Math.round(ratio * 100)}%` }} />
      </span>
      <span aria-hidden="true" className="tabular w-16 text-slate-700 dark:text-slate-300">
        {quota ? `${quota.remaining.toLocaleString("en-US")} left` : "—"}
      </span>
    </div>
  );
}

const describe = (quota: Quota | null, what: string) =>
  quota ? `${quota.remaining.toLocaleString("en-US")} of ${quota.limit.toLocaleString("en-US")} ${what} left` : `${what} not known yet`;

/**
 * The user's own portal requests left in this window; for admins also the
 * client's API quota, which the client's integrations spend (not the portal).
 */
export function QuotaMeter() {
  const { own, client } = useSyncExternalStore(subscribeQuota, getQuotas, serverSnapshot);
  const { role } = usePortalUser();
  return (
    <>
      <Meter name="Your quota" quota={own} label={describe(own, "of your portal requests")} testId="own-quota" />
      {role === "admin" ? (
        <Meter name="Client API" quota={client} label={describe(client, "of the client's API requests (integrations)")} testId="client-quota" />
      ) : null}
    </>
  );
}
