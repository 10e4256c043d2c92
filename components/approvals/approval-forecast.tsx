"use client";

import { useQuery } from "@tanstack/react-query";
import { matchPolicy, type PaymentAmount } from "@/lib/contract/approvals/policy";
import { isValidAmountFormat } from "@/lib/contract/money";
import { fetchPolicies } from "@/lib/portal/approvals/approvals-api";
import { approvalForecast } from "@/lib/portal/approvals/draft-summary";
import { approvalKeys } from "@/lib/portal/shared/query-keys";

/**
 * Says before submit that this payment will wait for approval (issue 24), from the organisation's policies and the
 * amount typed, by the same rule the bank applies on submit (lib/contract/approvals/policy.ts). Nothing while the
 * amount is incomplete or no policy holds it back.
 */
export function ApprovalForecast({ subject }: { subject: PaymentAmount | null }) {
  const policies = useQuery({ queryKey: approvalKeys.policies(), queryFn: ({ signal }) => fetchPolicies(signal), staleTime: 60_000 });
  const amount = String(subject?.amount ?? "").trim();
  if (!subject || !policies.data || !subject.currency || !isValidAmountFormat(amount, 2) || !/[1-9]/.test(amount)) return null;
  const policy = matchPolicy(policies.data.policies, { ...subject, amount });
  if (!policy) return null;
  return (
    <p
      role="note"
      data-testid="approval-forecast"
      className="border-t border-amber-200 bg-amber-50/70 px-5 py-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
    >
      {approvalForecast(policy)}
    </p>
  );
}
