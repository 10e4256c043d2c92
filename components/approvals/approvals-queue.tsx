"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { DraftStatusBadge } from "@/components/approvals/draft-status-badge";
import { Card } from "@/components/ui/card";
import { cx } from "@/components/ui/cx";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/state-message";
import { fetchDrafts } from "@/lib/portal/approvals/approvals-api";
import { draftSubtitle, draftTitle } from "@/lib/portal/approvals/draft-summary";
import { shouldRetry } from "@/lib/portal/shared/api-client";
import { formatBankDateTime } from "@/lib/contract/time/date-format";
import { approvalKeys } from "@/lib/portal/shared/query-keys";

type Tab = "mine" | "all";

/** Drafts awaiting the user's decision first; every recent draft one tab away. */
export function ApprovalsQueue() {
  const [tab, setTab] = useState<Tab>("mine");
  const query = useQuery({ queryKey: approvalKeys.drafts(), queryFn: ({ signal }) => fetchDrafts(signal), retry: shouldRetry });
  const drafts = (query.data?.data ?? []).filter((d) => tab === "all" || d.canApprove);
  return (
    <Card>
      <div role="tablist" aria-label="Which drafts" className="flex gap-1 border-b border-slate-200 px-3 pt-3 dark:border-slate-800">
        {(["mine", "all"] as const).map((t) => (
          <button
            key={t}
            role="tab"
            type="button"
            aria-selected={tab === t}
            onClick={() => setTab(t)}
            className={cx(
              "rounded-t-md px-3 py-2 text-sm font-medium",
              tab === t ? "border-b-2 border-brand-700 text-brand-800 dark:text-brand-200" : "text-slate-600 hover:text-slate-900 dark:text-slate-400",
            )}
          >
            {t === "mine" ? `Awaiting you (${query.data?.awaitingYou ?? 0})` : "All drafts"}
          </button>
        ))}
      </div>
      {query.isPending ? (
        <div role="status" className="space-y-3 p-5" aria-busy="true" aria-label="Loading drafts">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-5 w-1/2" />
        </div>
      ) : query.isError ? (
        <ErrorState title="Drafts could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
      ) : drafts.length === 0 ? (
        <EmptyState title={tab === "mine" ? "Nothing awaits your approval" : "No payment drafts yet"}>
          {tab === "mine"
            ? "Payments, transfers and virtual-account batches your colleagues draft above your organisation's thresholds appear here."
            : "Payments, transfers and batches held back by an approval policy appear here."}
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {drafts.map((d) => (
            <li key={d.draftId}>
              <Link
                href={`/approvals/${d.draftId}`}
                className="flex flex-wrap items-center justify-between gap-3 px-5 py-4 hover:bg-slate-50 focus-visible:bg-slate-50 dark:hover:bg-slate-900"
              >
                <span className="min-w-0">
                  <span className="block text-sm font-medium text-slate-900 dark:text-slate-100">{draftTitle(d)}</span>
                  <span className="block text-xs text-slate-600 dark:text-slate-400">
                    {draftSubtitle(d)} · drafted by {d.maker.name} · {formatBankDateTime(d.createdAt)}
                  </span>
                  {d.expiresAt && d.status === "AwaitingApproval" ? (
                    <span className="block text-xs text-amber-800 dark:text-amber-300">Expires {formatBankDateTime(d.expiresAt)} unless approved</span>
                  ) : null}
                </span>
                <DraftStatusBadge status={d.status} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
