"use client";

import { useQuery } from "@tanstack/react-query";
import { fetchDrafts } from "@/lib/portal/approvals/approvals-api";
import { shouldRetry } from "@/lib/portal/shared/api-client";
import { approvalKeys } from "@/lib/portal/shared/query-keys";

/** The navigation's count of drafts waiting for the signed-in user's decision; nothing when none wait. */
export function ApprovalsBadge() {
  const { data } = useQuery({
    queryKey: approvalKeys.awaitingYou(),
    queryFn: ({ signal }) => fetchDrafts(signal),
    retry: shouldRetry,
    refetchInterval: 60_000,
  });
  const count = data?.awaitingYou ?? 0;
  if (count === 0) return null;
  return (
    // A status (it changes as drafts arrive): a plain span may not carry a name, and readers would say "1" alone.
    <span
      role="status"
      className="ml-auto rounded-full bg-amber-500 px-2 py-0.5 text-xs font-semibold text-white"
      aria-label={`${count} awaiting your approval`}
    >
      {count}
    </span>
  );
}
