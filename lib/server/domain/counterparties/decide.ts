import "server-only";
import { writeAudit } from "@/lib/server/core/audit/write";
import { transactionOf, type Unit } from "@/lib/server/core/unit";
import { requireApprover, type PortalCaller } from "@/lib/server/domain/approvals/actor";
import { currentRole } from "@/lib/server/domain/users/repo";
import { findCounterparty, updateCounterparty, type CounterpartyRow, type PendingChange } from "@/lib/server/domain/counterparties/repo";
import { counterpartyNotFound, toCounterparty } from "@/lib/server/domain/counterparties/service";
import type { TCounterparty } from "@/lib/contract/counterparties/schema";
import { ApiError } from "@/lib/contract/http/errors";

type Decision = { counterpartyId: string; comment: string | null };

/** Locks a payee waiting for approval; the person who asked for it never decides it, and only approvers and admins do. */
async function lockPending(tx: Unit["db"], caller: PortalCaller, counterpartyId: string): Promise<CounterpartyRow & { pending: PendingChange }> {
  const row = await findCounterparty(tx, caller.clientId, counterpartyId, true);
  if (!row) throw counterpartyNotFound(counterpartyId);
  if (!row.pending) throw new ApiError("COUNTERPARTY_NOT_PENDING", "This payee has no new details waiting for approval.");
  if (row.pending.requestedActor === caller.actor)
    throw new ApiError("FORBIDDEN", "You asked for this payee's details: another person must approve or reject them.");
  requireApprover(await currentRole(tx, caller.clientId, caller.userId));
  return row as CounterpartyRow & { pending: PendingChange };
}

/**
 * An approval of a new payee or of a payee's new details. The last one needed
 * makes them the payee's details (Active, payable again); audited with the
 * details before and after, as the approver saw them.
 */
export function approveCounterparty(unit: Unit, caller: PortalCaller, { counterpartyId, comment }: Decision): Promise<TCounterparty> {
  return transactionOf(unit, async (tx) => {
    const row = await lockPending(tx, caller, counterpartyId);
    const { pending } = row;
    if (pending.approvals.some((a) => a.userId === caller.userId)) return toCounterparty(row);
    const email = unit.actor.person?.email ?? caller.actor;
    const approvals = [...pending.approvals, { userId: caller.userId, email, decidedAt: unit.now.toISOString() }];
    const last = approvals.length >= pending.approvalsRequired;
    const updated = await updateCounterparty(
      tx,
      caller.clientId,
      counterpartyId,
      last
        ? { details: pending.after, status: "Active", pending: null, now: unit.now }
        : { details: row.details, status: "PendingApproval", pending: { ...pending, approvals }, now: unit.now },
    );
    await writeAudit(tx, {
      ...caller,
      action: "counterparty.approved",
      entity: "counterparty",
      entityId: counterpartyId,
      data: { comment, approvals: approvals.length, approvalsRequired: pending.approvalsRequired, requestedBy: pending.requestedBy },
      before: pending.before,
      after: pending.after,
    });
    return toCounterparty(updated);
  });
}

/** A rejection: a new payee is deleted; a changed payee keeps the details it had (payable again). */
export function rejectCounterparty(unit: Unit, caller: PortalCaller, { counterpartyId, comment }: Decision): Promise<TCounterparty> {
  return transactionOf(unit, async (tx) => {
    const row = await lockPending(tx, caller, counterpartyId);
    const { pending } = row;
    const updated = await updateCounterparty(tx, caller.clientId, counterpartyId, {
      details: pending.before ?? pending.after,
      status: pending.before ? "Active" : "Deleted",
      pending: null,
      now: unit.now,
    });
    await writeAudit(tx, {
      ...caller,
      action: "counterparty.rejected",
      entity: "counterparty",
      entityId: counterpartyId,
      data: { comment, requestedBy: pending.requestedBy, status: updated.status },
      before: pending.before,
      after: pending.after,
    });
    return toCounterparty(updated);
  });
}
