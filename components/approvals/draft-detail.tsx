"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { DraftRequestFields } from "@/components/approvals/draft-request";
import { DraftStatusBadge } from "@/components/approvals/draft-status-badge";
import { RunDraftLines } from "@/components/payment-runs/run-draft-lines";
import { usePortalUser } from "@/components/portal-user";
import { Button, buttonClass } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { DetailField } from "@/components/ui/detail";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/state-message";
import { JobProgress } from "@/components/virtual-accounts/job-progress";
import type { TDraft } from "@/lib/contract/approvals/schema";
import { normalizeRate } from "@/lib/contract/payments/pricing";
import { decideDraft, fetchDraft, redraftDraft } from "@/lib/portal/approvals/approvals-api";
import { draftKind, draftTitle, expiryReason } from "@/lib/portal/approvals/draft-summary";
import { newIdempotencyKey } from "@/lib/portal/payments/payment-forms";
import { ApiRequestError, shouldRetry } from "@/lib/portal/shared/api-client";
import { formatBankDate, formatBankDateTime } from "@/lib/contract/time/date-format";
import { approvalKeys, paymentKeys } from "@/lib/portal/shared/query-keys";

/** The maker's quote, and the one that holds now when the settlement date or the rate moved. A batch settles nothing. */
function QuoteField({ draft }: { draft: TDraft }) {
  const rate = (r: string | null) => (r ? `, rate ${normalizeRate(r)}` : "");
  const date = (d: string | null) => (d ? formatBankDate(d) : "—");
  if (draft.quote.settlementDate === null) return null;
  const transfer = draft.rail === "INTERNAL";
  return (
    <DetailField label={transfer ? "Value date" : "Settles on"}>
      {date(draft.quote.settlementDate)}
      {rate(draft.quote.exchangeRate)}
      {draft.currentQuote ? (
        <span className="mt-1 block text-amber-800 dark:text-amber-300" role="note">
          Changed since it was drafted: if approved now it {transfer ? "is booked on" : "settles on"} {date(draft.currentQuote.settlementDate)}
          {rate(draft.currentQuote.exchangeRate)}.
        </span>
      ) : null}
    </DetailField>
  );
}

function Decide({ draft }: { draft: TDraft }) {
  const queryClient = useQueryClient();
  const [comment, setComment] = useState("");
  const decide = useMutation({
    mutationFn: (decision: "approve" | "reject") => decideDraft(draft.draftId, decision, comment),
    onSuccess: (next) => {
      queryClient.setQueryData(approvalKeys.draft(draft.draftId), next);
      void queryClient.invalidateQueries({ queryKey: approvalKeys.drafts() });
      void queryClient.invalidateQueries({ queryKey: approvalKeys.awaitingYou() });
      void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
    },
  });
  return (
    <div className="space-y-3 border-t border-slate-200 px-5 py-4 dark:border-slate-800">
      <label htmlFor="decision-comment" className="block text-sm font-medium text-slate-900 dark:text-slate-100">
        Comment <span className="font-normal text-slate-600 dark:text-slate-400">(optional, kept in the audit trail)</span>
      </label>
      <textarea
        id="decision-comment"
        value={comment}
        maxLength={280}
        onChange={(e) => setComment(e.target.value)}
        rows={2}
        className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-950"
      />
      {decide.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {decide.error.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" disabled={decide.isPending} onClick={() => decide.mutate("approve")}>
          {decide.isPending && decide.variables === "approve" ? "Approving…" : "Approve"}
        </Button>
        <Button disabled={decide.isPending} onClick={() => decide.mutate("reject")}>
          Reject
        </Button>
      </div>
    </div>
  );
}

function Redraft({ draft }: { draft: TDraft }) {
  const router = useRouter();
  const [key] = useState(() => newIdempotencyKey());
  const again = useMutation({
    mutationFn: () => redraftDraft(draft.draftId, key),
    onSuccess: (outcome) => router.push(outcome.draft ? `/approvals/${outcome.draft.draftId}` : draft.batch ? "/virtual-accounts" : "/payments"),
  });
  return (
    <div className="border-t border-slate-200 px-5 py-4 dark:border-slate-800">
      {again.isError ? (
        <p role="alert" className="mb-2 text-sm text-red-700 dark:text-red-400">
          {again.error.message}
        </p>
      ) : null}
      <Button variant="primary" disabled={again.isPending} onClick={() => again.mutate()}>
        {again.isPending ? "Drafting…" : draft.batch ? "Re-draft this batch" : draft.rail === "INTERNAL" ? "Re-draft this transfer" : "Re-draft this payment"}
      </Button>
    </div>
  );
}

export function DraftDetail({ draftId, canPay }: { draftId: string; canPay: boolean }) {
  const me = usePortalUser();
  const query = useQuery({ queryKey: approvalKeys.draft(draftId), queryFn: ({ signal }) => fetchDraft(draftId, signal), retry: shouldRetry });
  if (query.isPending) {
    return (
      <Card className="space-y-3 p-5" aria-busy="true" aria-label="Loading the draft">
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-4 w-2/3" />
      </Card>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiRequestError && query.error.status === 404;
    return (
      <ErrorState
        title={missing ? "This draft does not exist" : "The draft could not be loaded"}
        error={query.error}
        onRetry={missing ? undefined : () => void query.refetch()}
      />
    );
  }
  const draft = query.data;
  const mine = draft.maker.email === me.email;
  const approvals = draft.decisions.filter((d) => d.decision === "approved").length;
  const ended = draft.status === "Expired" || draft.status === "Rejected" || draft.status === "Refused";
  return (
    <Card>
      <CardHeader
        title={draftTitle(draft)}
        description={`${draftKind(draft)} drafted by ${draft.maker.name} on ${formatBankDateTime(draft.createdAt)}`}
        actions={<DraftStatusBadge status={draft.status} />}
      />
      <dl className="divide-y divide-slate-200 dark:divide-slate-800">
        {draft.debtorAccount ? (
          <DetailField label="From account" mono>
            {draft.debtorAccount}
          </DetailField>
        ) : null}
        {draft.rail === "INTERNAL" ? (
          <DetailField label="To account" mono>
            {draft.beneficiary}
          </DetailField>
        ) : null}
        <DraftRequestFields draft={draft} />
        {draft.batch ? (
          <DetailField label="Accounts to create">
            {draft.batch.accounts.toLocaleString("en-US")} (
            {draft.batch.currencies.map((c) => `${c.currency}: ${c.accounts.toLocaleString("en-US")}`).join(", ")})
          </DetailField>
        ) : null}
        <QuoteField draft={draft} />
        <DetailField label="Approvals">
          {approvals} of {draft.approvalsRequired}
          {draft.expiresAt && draft.status === "AwaitingApproval" ? ` · expires ${formatBankDateTime(draft.expiresAt)} (${expiryReason(draft)})` : ""}
        </DetailField>
        {draft.decisions.map((d) => (
          <DetailField key={d.by.userId} label={d.decision === "approved" ? "Approved by" : "Rejected by"}>
            {d.by.name} · {formatBankDateTime(d.decidedAt)}
            {d.comment ? <span className="block text-slate-600 dark:text-slate-400">“{d.comment}”</span> : null}
          </DetailField>
        ))}
        {draft.refusal ? <DetailField label="Refused by the bank">{draft.refusal}</DetailField> : null}
        {draft.paymentId ? (
          <DetailField label="Payment">
            <Link className="text-brand-700 underline dark:text-brand-300" href={`/payments/${encodeURIComponent(draft.paymentId)}`}>
              {draft.paymentId}
            </Link>
          </DetailField>
        ) : null}
      </dl>
      {draft.rail === "BATCH" ? <RunDraftLines draftId={draft.draftId} request={draft.request} /> : null}
      {draft.jobId ? (
        <section
          aria-label={draft.rail === "BATCH" ? "The run's job" : "The batch's job"}
          className="border-t border-slate-200 px-5 py-4 dark:border-slate-800"
        >
          <JobProgress jobId={draft.jobId} lines={[]} />
          {draft.rail === "BATCH" ? (
            <Link className="mt-2 inline-block text-sm text-brand-700 underline dark:text-brand-300" href={`/payment-runs/${encodeURIComponent(draft.jobId)}`}>
              Open the payment run
            </Link>
          ) : null}
        </section>
      ) : null}
      {draft.canApprove ? <Decide draft={draft} /> : null}
      {mine && draft.status === "AwaitingApproval" ? (
        <p className="border-t border-slate-200 px-5 py-4 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
          You drafted this {draft.batch ? "batch" : draft.rail === "BATCH" ? "payment run" : draft.rail === "INTERNAL" ? "transfer" : "payment"}, so another
          person must approve it.
        </p>
      ) : null}
      {ended && canPay ? <Redraft draft={draft} /> : null}
      <div className="border-t border-slate-200 px-5 py-3 dark:border-slate-800">
        <Link href="/approvals" className={buttonClass("ghost")}>
          Back to approvals
        </Link>
      </div>
    </Card>
  );
}
