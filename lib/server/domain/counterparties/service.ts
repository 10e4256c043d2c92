import "server-only";
import { randomUUID } from "node:crypto";
import { clientActor } from "@/lib/server/core/audit/actors";
import { writeAudit } from "@/lib/server/core/audit/write";
import { pagedList, type PageQuery } from "@/lib/server/core/lists/list";
import type { Queryable } from "@/lib/server/core/db/types";
import { respondingTransaction, transactionOf, type Actor, type Unit } from "@/lib/server/core/unit";
import { policiesOf } from "@/lib/server/domain/dual-control/policies";
import { currentReferenceData } from "@/lib/server/domain/payments/known-data";
import { checkBank, detailsOf, patchedDetails } from "@/lib/server/domain/counterparties/details";
import {
  counterpartiesPage,
  findCounterparty,
  insertCounterparty,
  updateCounterparty,
  type CounterpartyRow,
  type PendingChange,
} from "@/lib/server/domain/counterparties/repo";
import { payeePolicy } from "@/lib/contract/approvals/policy";
import {
  changesRouting,
  type TCounterparty,
  type TCounterpartyList,
  type TCounterpartyListQuery,
  type TCreateCounterparty,
  type TPayeeDetails,
  type TUpdateCounterparty,
} from "@/lib/contract/counterparties/schema";
import { ApiError } from "@/lib/contract/http/errors";

/** The person's email, or `client:<id>` for an integration (decisions §11 attribution). */
export function whoActs(actor: Actor): string {
  return actor.person?.email ?? clientActor(actor.clientId);
}

export function counterpartyNotFound(counterpartyId: string): ApiError {
  return new ApiError("COUNTERPARTY_NOT_FOUND", `No payee ${counterpartyId} was found for this client.`, { field: "counterpartyId" });
}

export function toCounterparty(row: CounterpartyRow): TCounterparty {
  const p = row.pending;
  return {
    counterpartyId: row.counterparty_id,
    rail: row.rail,
    status: row.status,
    ...row.details,
    pendingChange: p
      ? {
          before: p.before,
          after: p.after,
          requestedBy: p.requestedBy,
          requestedAt: p.requestedAt,
          approvalsRequired: p.approvalsRequired,
          approvals: p.approvals.map(({ email, decidedAt }) => ({ email, decidedAt })),
        }
      : null,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** A proposal waiting for another person when the organisation's payee policy asks for it. */
async function proposal(db: Queryable, unit: Unit, before: TPayeeDetails | null, after: TPayeeDetails): Promise<PendingChange | null> {
  const policy = payeePolicy(await policiesOf(db, unit.actor.clientId));
  if (!policy || (before !== null && !changesRouting(before, after))) return null;
  return {
    before,
    after,
    requestedBy: whoActs(unit.actor),
    requestedActor: unit.actor.actor,
    requestedAt: unit.now.toISOString(),
    approvalsRequired: policy.approvers,
    approvals: [],
  };
}

/** POST /v1/counterparties: Active at once, or PendingApproval under a payee policy. Audited. */
export function createCounterparty(unit: Unit, input: TCreateCounterparty): Promise<TCounterparty> {
  return respondingTransaction(unit, async (tx) => {
    const details = detailsOf(input);
    checkBank(details, await currentReferenceData(tx));
    const pending = await proposal(tx, unit, null, details);
    const row = await insertCounterparty(tx, unit.actor.clientId, {
      counterparty_id: randomUUID(),
      rail: input.rail,
      details,
      status: pending ? "PendingApproval" : "Active",
      pending,
      created_by: whoActs(unit.actor),
      now: unit.now,
    });
    await writeAudit(tx, {
      ...unit.actor,
      action: "counterparty.created",
      entity: "counterparty",
      entityId: row.counterparty_id,
      data: { rail: row.rail, status: row.status },
      after: details,
    });
    return toCounterparty(row);
  });
}

async function lockLive(db: Queryable, clientId: string, counterpartyId: string): Promise<CounterpartyRow> {
  const row = await findCounterparty(db, clientId, counterpartyId, true);
  if (!row || row.status === "Deleted") throw counterpartyNotFound(counterpartyId);
  return row;
}

/**
 * PATCH: a change of name or address applies at once; under a payee policy a
 * change of account, bank or BIC becomes a proposal for another person (the
 * payee cannot be paid meanwhile). A change to a payee already waiting
 * replaces the proposal and its approvals so far.
 */
export function changeCounterparty(unit: Unit, counterpartyId: string, patch: TUpdateCounterparty): Promise<TCounterparty> {
  return transactionOf(unit, async (tx) => {
    const row = await lockLive(tx, unit.actor.clientId, counterpartyId);
    const approved = row.pending ? row.pending.before : row.details;
    const after = patchedDetails(row.rail, row.pending?.after ?? row.details, patch);
    checkBank(after, await currentReferenceData(tx));
    const pending = await proposal(tx, unit, approved, after);
    const updated = await updateCounterparty(tx, unit.actor.clientId, counterpartyId, {
      // A new payee has nothing approved: its details are the proposal itself.
      details: pending && approved ? approved : after,
      status: pending ? "PendingApproval" : "Active",
      pending,
      now: unit.now,
    });
    await writeAudit(tx, {
      ...unit.actor,
      action: "counterparty.changed",
      entity: "counterparty",
      entityId: counterpartyId,
      data: { status: updated.status, needsApproval: pending !== null },
      before: approved,
      after,
    });
    return toCounterparty(updated);
  });
}

/** DELETE: kept as Deleted for the payments that used it; a proposal waiting is dropped. Deleting again answers the same. */
export function deleteCounterparty(unit: Unit, counterpartyId: string): Promise<TCounterparty> {
  return transactionOf(unit, async (tx) => {
    const row = await findCounterparty(tx, unit.actor.clientId, counterpartyId, true);
    if (!row) throw counterpartyNotFound(counterpartyId);
    if (row.status === "Deleted") return toCounterparty(row);
    const details = row.pending?.before ?? row.details;
    const deleted = await updateCounterparty(tx, unit.actor.clientId, counterpartyId, { details, status: "Deleted", pending: null, now: unit.now });
    await writeAudit(tx, {
      ...unit.actor,
      action: "counterparty.deleted",
      entity: "counterparty",
      entityId: counterpartyId,
      before: { status: row.status },
      after: { status: "Deleted" },
    });
    return toCounterparty(deleted);
  });
}

export async function getCounterpartyOrThrow(db: Queryable, clientId: string, counterpartyId: string): Promise<TCounterparty> {
  const row = await findCounterparty(db, clientId, counterpartyId);
  if (!row) throw counterpartyNotFound(counterpartyId);
  return toCounterparty(row);
}

export function listCounterparties(db: Queryable, clientId: string, query: TCounterpartyListQuery & PageQuery, secret: string): Promise<TCounterpartyList> {
  const filters = { name: query.name, rail: query.rail, status: query.status };
  return pagedList(secret, { clientId, endpoint: "GET /v1/counterparties", filters }, query, async (page) => {
    const { rows, total } = await counterpartiesPage(db, clientId, filters, page);
    return { items: rows.map(toCounterparty), total };
  });
}
