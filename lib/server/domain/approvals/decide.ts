import "server-only";
import { randomUUID } from "node:crypto";
import type { PoolClient } from "pg";
import { userActor } from "@/lib/server/core/audit/actors";
import { writeAudit } from "@/lib/server/core/audit/write";
import { openRequestHeaders } from "@/lib/server/core/crypto/stored-secrets";
import { requireApprover, type PortalCaller } from "@/lib/server/domain/approvals/actor";
import { DRAFT_RAILS, type DraftMaking } from "@/lib/server/domain/approvals/draft-rails";
import { STANDING_ORDER_DRAFTS } from "@/lib/server/domain/approvals/standing-order-drafts";
import type { Permission } from "@/lib/contract/auth/permissions";
import { draftNotFound, getDraft } from "@/lib/server/domain/approvals/drafts";
import { findDraft, insertDecision, listDecisions, setDraftStatus, type DraftRow } from "@/lib/server/domain/approvals/repo";
import { currentRole, makerNow } from "@/lib/server/domain/users/repo";
import { effectiveStatus } from "@/lib/server/domain/approvals/view";
import { raiseApprovalDecided } from "@/lib/server/domain/approvals/events";
import { transactionOf, type Unit } from "@/lib/server/core/unit";
import { claimKey, IN_FLIGHT_STALE_S, type ResponseSlot } from "@/lib/server/core/idempotency/repo";
import { scopesForRole, isRole } from "@/lib/contract/auth/roles";
import { APPROVAL_RAIL_PERMISSIONS, type TDraft } from "@/lib/contract/approvals/schema";
import { ApiError } from "@/lib/contract/http/errors";

/** What the last approval's payment is made with, besides the draft (lib/server/domain/approvals/draft-rails.ts). */
export type Making = Pick<DraftMaking, "payment" | "config" | "baseUrl"> & { idempotencyTtlSeconds: number };

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

/** Why the maker may no longer send this draft, as the organisation's permissions and the maker's role are now; null when they may. */
async function revocation(tx: PoolClient, clientId: string, row: DraftRow): Promise<string | null> {
  // A standing order's draft needs standing-orders besides its rail's permission.
  const permissions = row.kind === "Payment" ? [APPROVAL_RAIL_PERMISSIONS[row.rail]] : [APPROVAL_RAIL_PERMISSIONS[row.rail], "standing-orders"];
  const maker = await makerNow(tx, clientId, row.maker_id);
  if (!maker || !isRole(maker.role)) return `${row.maker_email}, who drafted it, is no longer a user of your organisation; it was not sent.`;
  for (const permission of permissions) {
    if (!maker.clientPermissions.includes(permission)) return `Your organisation no longer holds the permission ${permission}; it was not sent.`;
    if (!scopesForRole(maker.role, maker.clientPermissions).includes(permission as Permission))
      return `${row.maker_email}'s role no longer allows ${permission}; it was not sent.`;
  }
  return null;
}

/** An ApiError the bank would answer the same way again: the draft is refused. Anything else (busy, 5xx) leaves it to be approved again. */
function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status < 500 && error.code !== "REQUEST_IN_PROGRESS" && error.code !== "RATE_LIMITED";
}

type Outcome = { status: "Submitted"; paymentId: string } | { status: "Refused"; refusal: string };

/**
 * Makes what the draft asks for, in the approval's transaction, as its maker:
 * the draft's Idempotency-Key is claimed in the store the API uses (so an
 * earlier submission of that key, from before approvals ran in one
 * transaction, is found rather than repeated), and the rail's use case
 * writes the payment, its ledger entry, audit and outbox rows and the
 * key's stored response in this same transaction. A refusal is rolled back
 * to the savepoint and recorded; anything else rolls the whole approval back.
 */
async function make(tx: PoolClient, unit: Unit, row: DraftRow, making: Making): Promise<Outcome> {
  const clientId = unit.actor.clientId;
  const revoked = await revocation(tx, clientId, row);
  if (revoked) return { status: "Refused", refusal: revoked };
  const rail = row.kind === "Payment" ? DRAFT_RAILS[row.rail] : STANDING_ORDER_DRAFTS[row.kind];
  const slot: ResponseSlot = {
    clientId,
    method: rail.operation.method,
    path: rail.operation.path,
    key: row.idempotency_key,
    token: randomUUID(),
    status: rail.operation.status ?? 200,
    ttlSeconds: making.idempotencyTtlSeconds,
  };
  const decisions = await listDecisions(tx, clientId, [row.draft_id]);
  const approvedBy = decisions.filter((d) => d.decision === "approved").map((d) => ({ email: d.email, decidedAt: d.decided_at.toISOString() }));
  const maker: Unit = { ...unit, actor: { ...unit.actor, actor: userActor(row.maker_id), person: { userId: row.maker_id, email: row.maker_email } } };
  await tx.query("SAVEPOINT draft_making");
  try {
    const claim = await claimKey(tx, slot, slot.token, slot.ttlSeconds, IN_FLIGHT_STALE_S);
    if (claim.kind === "in_flight") throw new ApiError("REQUEST_IN_PROGRESS", "This draft's request is being sent by another call.");
    if (claim.kind === "replay") return replayed(claim.response);
    const made = await rail.make(maker, openRequestHeaders(row.request), { ...making, tx, slot, approvedBy });
    return { status: "Submitted", paymentId: made.id };
  } catch (error) {
    if (!isRefusal(error)) throw error;
    await tx.query("ROLLBACK TO SAVEPOINT draft_making");
    return { status: "Refused", refusal: error.message };
  }
}

/** A response stored under the draft's key by an earlier submission: what it made, or why it was refused. */
function replayed(stored: { status: number; body: string }): Outcome {
  const body = JSON.parse(stored.body) as { id?: unknown; jobId?: unknown; standingOrderId?: unknown; message?: unknown };
  const id = body.id ?? body.jobId ?? body.standingOrderId;
  if (stored.status < 300 && typeof id === "string") return { status: "Submitted", paymentId: id };
  return { status: "Refused", refusal: typeof body.message === "string" ? body.message : `The bank refused the payment (${stored.status}).` };
}

/**
 * Records an approval. The last one needed makes the payment (or the batch)
 * in the same transaction, as the maker, recording the approvers: a crash
 * leaves either a draft still awaiting that approval or a sent one. A draft
 * left `Submitting` by an earlier version is finished by the next approve
 * call, through its key.
 */
export async function approveDraft(unit: Unit, caller: PortalCaller, input: { draftId: string; comment: string | null }, making: Making): Promise<TDraft> {
  const { draftId, comment } = input;
  await transactionOf(unit, async (tx) => {
    const row = await lockForDecision(tx, caller, draftId, unit.now);
    if (row.status === "Rejected" || row.status === "Refused")
      throw new ApiError("DRAFT_NOT_PENDING", `This draft was ${row.status.toLowerCase()}; it cannot be approved.`);
    if (row.status === "Submitted") return;
    if (row.status === "AwaitingApproval") {
      const decisions = await listDecisions(tx, caller.clientId, [draftId]);
      if (decisions.some((d) => d.user_id === caller.userId)) return; // the same approver again: already counted
      await insertDecision(tx, caller.clientId, { draftId, userId: caller.userId, decision: "approved", comment, decidedAt: unit.now });
      const approvals = decisions.filter((d) => d.decision === "approved").length + 1;
      const last = approvals >= row.approvals_required;
      await writeAudit(tx, {
        ...caller,
        action: "draft.approved",
        entity: "payment_draft",
        entityId: draftId,
        data: { comment, approvals, approvalsRequired: row.approvals_required },
        // The last approval's move (Submitted or Refused) is the draft.submitted or draft.refused row that follows.
        before: { status: row.status },
        after: { status: last ? "Approved" : row.status },
      });
      if (!last) return raiseApprovalDecided(tx, caller, await getDraft(tx, caller, draftId, unit.now), unit.now);
    }
    const outcome = await make(tx, unit, row, making);
    await setDraftStatus(tx, caller.clientId, draftId, outcome, unit.now);
    await writeAudit(tx, {
      ...caller,
      action: outcome.status === "Submitted" ? "draft.submitted" : "draft.refused",
      entity: "payment_draft",
      entityId: draftId,
      data: { maker: userActor(row.maker_id) },
      before: { status: row.status },
      after: outcome,
    });
    // An approval that finishes a draft left Submitting by an earlier version was announced when it was made.
    if (row.status === "AwaitingApproval") await raiseApprovalDecided(tx, caller, await getDraft(tx, caller, draftId, unit.now), unit.now);
  });
  return getDraft(unit.db, caller, draftId, unit.now);
}

export async function rejectDraft(unit: Unit, caller: PortalCaller, input: { draftId: string; comment: string | null }): Promise<TDraft> {
  const { draftId, comment } = input;
  await transactionOf(unit, async (tx) => {
    const row = await lockForDecision(tx, caller, draftId, unit.now);
    if (row.status !== "AwaitingApproval") throw new ApiError("DRAFT_NOT_PENDING", "This draft is no longer awaiting approval.");
    await insertDecision(tx, caller.clientId, { draftId, userId: caller.userId, decision: "rejected", comment, decidedAt: unit.now });
    await setDraftStatus(tx, caller.clientId, draftId, { status: "Rejected" }, unit.now);
    await writeAudit(tx, {
      ...caller,
      action: "draft.rejected",
      entity: "payment_draft",
      entityId: draftId,
      data: { comment },
      before: { status: row.status },
      after: { status: "Rejected" },
    });
    await raiseApprovalDecided(tx, caller, await getDraft(tx, caller, draftId, unit.now), unit.now);
  });
  return getDraft(unit.db, caller, draftId, unit.now);
}
