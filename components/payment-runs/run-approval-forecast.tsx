"use client";

import { useQuery } from "@tanstack/react-query";
import { judgeRun } from "@/lib/contract/approvals/policy";
import type { TPaymentRunItem } from "@/lib/contract/payment-runs/schema";
import { fetchPolicies } from "@/lib/portal/approvals/approvals-api";
import { runApprovalForecast } from "@/lib/portal/approvals/draft-summary";
import { approvalKeys } from "@/lib/portal/shared/query-keys";

/**
 * Says before submit whether the run will wait for approval as one draft, or cannot be sent as it stands (a
 * payment held back in a currency with no BATCH policy), by the rule the bank applies (judgeRun,
 * docs/payment-runs.md "Approvals"). Nothing when the run goes at once or the policies are not known.
 */
export function RunApprovalForecast({ items }: { items: readonly TPaymentRunItem[] }) {
  const policies = useQuery({ queryKey: approvalKeys.policies(), queryFn: ({ signal }) => fetchPolicies(signal), staleTime: 60_000 });
  if (!policies.data) return null;
  const forecast = runApprovalForecast(judgeRun(policies.data.policies, items), items.length);
  if (!forecast) return null;
  return (
    <p
      role="note"
      data-testid="run-approval-forecast"
      className="rounded-md border border-amber-200 bg-amber-50/70 px-4 py-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
    >
      {forecast}
    </p>
  );
}

/** Whether the run is sent for approval (true), refused as it stands (null), or goes at once (false). */
export function useRunNeedsApproval(items: readonly TPaymentRunItem[] | undefined): boolean | null {
  const policies = useQuery({ queryKey: approvalKeys.policies(), queryFn: ({ signal }) => fetchPolicies(signal), staleTime: 60_000 });
  if (!policies.data || !items) return false;
  const judged = judgeRun(policies.data.policies, items);
  return judged.uncovered.payments > 0 ? null : judged.policy !== null;
}
