import "server-only";
import { writeAudit } from "@/lib/server/audit/write";
import { requireApprover, type PortalCaller } from "@/lib/server/approvals/actor";
import type { SubmitThroughApi } from "@/lib/server/approvals/api-submission";
import { draftNotFound, getDraft } from "@/lib/server/approvals/drafts";
import { currentRole, findDraft, insertDecision, listDecisions, setDraftStatus } from "@/lib/server/approvals/repo";
import { effectiveStatus } from "@/lib/server/approvals/view";
import { withTransaction } from "@/lib/server/db/transaction";
import type { Pool, PoolClient } from "pg";
import type { TDraft } from "@/lib/contract/approvals/schema";
import { ApiError } from "@/lib/contract/http/errors";

/** How long an approval waits for a concurrent submission of the same key (409 REQUEST_IN_PROGRESS) to finish. */
const IN_PROGRESS_WAIT = { attempts: 100, delayMs: 50 };

/** Locks the draft and checks it can still be decided; the maker is never one of its deciders. */
async function lockForDecision(tx: PoolClient, caller: PortalCaller, draftId: string, now: Date) {
  const row = await findDraft(tx, caller.clientId, draftId, { lock: true });
  if (!row) throw draftNotFound(draftId);
  const status = effectiveStatus(row, now);
  if (status === "Expired") throw new ApiError("DRAFT_EXPIRED", "This draft passed its cut-off and can no longer be approved. Re-draft it to send it.");
  if (row.status === "AwaitingApproval") {
    if (row.maker_id === caller.userId) throw new ApiError("FORBIDDEN", "You drafted this payment: another person must approve or reject it.");
    requireApprover(await currentRole(tx, caller.clientId, caller.userId));
  }
  return row;
}

/**
 * Records an approval. The last one needed marks the draft Submitting in the
 * same transaction, and the request is then submitted through the API with
 * the draft's Idempotency-Key: concurrent or repeated approvals all end in
 * that one submission, and so in one payment. A draft left Submitting (a
 * crash, a 5xx) is submitted again by the next approve call, with the same key.
 */
export async function approveDraft(
  db: Pool,
  caller: PortalCaller,
  draftId: string,
  comment: string | null,
  submit: SubmitThroughApi,
  now = new Date(),
): Promise<TDraft> {
  const submitting = await withTransaction(db, async (tx) => {
    const row = await lockForDecision(tx, caller, draftId, now);
    if (row.status === "Rejected" || row.status === "Refused")
      throw new ApiError("DRAFT_NOT_PENDING", `This draft was ${row.status.toLowerCase()}; it cannot be approved.`);
    if (row.status !== "AwaitingApproval") return row.status === "Submitting";
    const decisions = await listDecisions(tx, caller.clientId, [draftId]);
    if (decisions.some((d) => d.user_id === caller.userId)) return false; // the same approver again: already counted
    await insertDecision(tx, caller.clientId, { draftId, userId: caller.userId, decision: "approved", comment });
    const approvals = decisions.filter((d) => d.decision === "approved").length + 1;
    const last = approvals >= row.approvals_required;
    if (last) await setDraftStatus(tx, caller.clientId, draftId, { status: "Submitting" });
    await writeAudit(tx, {
      ...caller,
      action: "draft.approved",
      entity: "payment_draft",
      entityId: draftId,
      data: { comment, approvals, approvalsRequired: row.approvals_required },
      before: { status: row.status },
      after: { status: last ? "Submitting" : row.status },
    });
    return last;
  });
  if (submitting) await submitDraft(db, caller, draftId, submit);
  return getDraft(db, caller, draftId, now);
}

async function submitDraft(db: Pool, caller: PortalCaller, draftId: string, submit: SubmitThroughApi): Promise<void> {
  const row = await findDraft(db, caller.clientId, draftId);
  if (!row || row.status !== "Submitting") return;
  for (let attempt = 0; ; attempt++) {
    const answer = await submit(row.rail, row.request, row.idempotency_key, caller.correlationId);
    if (answer.status === 409 && answer.body.code === "REQUEST_IN_PROGRESS" && attempt < IN_PROGRESS_WAIT.attempts) {
      await new Promise((r) => setTimeout(r, IN_PROGRESS_WAIT.delayMs));
      continue;
    }
    if (answer.made) return settle(db, caller, draftId, { status: "Submitted", paymentId: answer.made });
    if (answer.status === 409 || answer.status === 429 || answer.status >= 500) {
      throw new ApiError("SERVICE_UNAVAILABLE", "The bank could not take the payment just now. It was not sent twice: approve again in a moment to send it.");
    }
    return settle(db, caller, draftId, { status: "Refused", refusal: answer.body.message ?? `The bank refused the payment (${answer.status}).` });
  }
}

/** Records the API's answer once, whichever concurrent approval got it first. */
async function settle(
  db: Pool,
  caller: PortalCaller,
  draftId: string,
  outcome: { status: "Submitted"; paymentId: string } | { status: "Refused"; refusal: string },
): Promise<void> {
  await withTransaction(db, async (tx) => {
    const row = await findDraft(tx, caller.clientId, draftId, { lock: true });
    if (row?.status !== "Submitting") return;
    await setDraftStatus(tx, caller.clientId, draftId, outcome);
    await writeAudit(tx, {
      ...caller,
      action: outcome.status === "Submitted" ? "draft.submitted" : "draft.refused",
      entity: "payment_draft",
      entityId: draftId,
      before: { status: "Submitting" },
      after: outcome,
    });
  });
}

export async function rejectDraft(db: Pool, caller: PortalCaller, draftId: string, comment: string | null, now = new Date()): Promise<TDraft> {
  await withTransaction(db, async (tx) => {
    const row = await lockForDecision(tx, caller, draftId, now);
    if (row.status !== "AwaitingApproval") throw new ApiError("DRAFT_NOT_PENDING", "This draft is no longer awaiting approval.");
    await insertDecision(tx, caller.clientId, { draftId, userId: caller.userId, decision: "rejected", comment });
    await setDraftStatus(tx, caller.clientId, draftId, { status: "Rejected" });
    await writeAudit(tx, {
      ...caller,
      action: "draft.rejected",
      entity: "payment_draft",
      entityId: draftId,
      data: { comment },
      before: { status: row.status },
      after: { status: "Rejected" },
    });
  });
  return getDraft(db, caller, draftId, now);
}
