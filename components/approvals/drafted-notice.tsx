"use client";

import Link from "next/link";
import { Button, buttonClass } from "@/components/ui/button";
import type { TDraft } from "@/lib/contract/approvals/schema";
import { draftedMessage } from "@/lib/portal/approvals/draft-summary";
import { formatBankDateTime } from "@/lib/contract/time/date-format";

/** What a form shows when a policy held its request back: the draft now waits for approvers (docs/approvals.md). */
export function DraftedNotice({ draft, onNew, newLabel, className }: { draft: TDraft; onNew?: () => void; newLabel?: string; className: string }) {
  return (
    <section role="status" aria-labelledby="drafted-title" className={className}>
      <h2 id="drafted-title" className="text-base font-semibold text-slate-900 dark:text-slate-50">
        Sent for approval
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{draftedMessage(draft, draft.expiresAt ? formatBankDateTime(draft.expiresAt) : null)}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link href={`/approvals/${draft.draftId}`} className={buttonClass("primary")}>
          View the draft
        </Link>
        {onNew && newLabel ? <Button onClick={onNew}>{newLabel}</Button> : null}
      </div>
    </section>
  );
}
