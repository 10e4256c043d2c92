import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";
import { raiseEvent } from "@/lib/server/domain/events/raise";
import type { PortalCaller } from "@/lib/server/domain/approvals/actor";
import type { TDraft } from "@/lib/contract/approvals/schema";

/** A draft's events (ApprovalRequested, ApprovalDecided), raised in the transaction that records the draft or its decision. */

function draftRef(draft: TDraft) {
  return { draftId: draft.draftId, rail: draft.rail, amount: draft.amount, maker: { email: draft.maker.email } };
}

export async function raiseApprovalRequested(tx: Queryable, clientId: string, draft: TDraft, now: Date): Promise<void> {
  await raiseEvent(
    { db: tx, actor: { clientId }, now },
    { topic: "ApprovalRequested", data: { ...draftRef(draft), approvalsRequired: draft.approvalsRequired, expiresAt: draft.expiresAt } },
  );
}

/** `draft` as it stands after the decision (its status, its payment), read in the deciding transaction. */
export async function raiseApprovalDecided(tx: Queryable, caller: PortalCaller, draft: TDraft, now: Date): Promise<void> {
  const mine = draft.decisions.find((d) => d.by.userId === caller.userId);
  if (!mine) return;
  await raiseEvent(
    { db: tx, actor: { clientId: caller.clientId }, now },
    {
      topic: "ApprovalDecided",
      data: {
        ...draftRef(draft),
        decision: mine.decision === "approved" ? "Approved" : "Rejected",
        decidedBy: { email: mine.by.email },
        decidedAt: mine.decidedAt,
        comment: mine.comment,
        status: draft.status,
        paymentId: draft.paymentId,
      },
    },
  );
}
