import "server-only";
import { randomUUID } from "node:crypto";
import type { Pool, PoolClient } from "pg";
import { ApiError } from "@/lib/contract/http/errors";
import { RAIL_PERMISSIONS } from "@/lib/contract/payment-runs/schema";
import { executionDateOf, lastSchedulableDate } from "@/lib/contract/payments/schedule";
import { isBusinessDay } from "@/lib/contract/payments/settlement-date";
import type { TRail } from "@/lib/contract/payments/schema";
import { occurrenceAfter, occurrenceInstructionId } from "@/lib/contract/standing-orders/recurrence";
import type { TCreateStandingOrder, TStandingOrder, TStandingOrderList, TStandingOrderListQuery } from "@/lib/contract/standing-orders/schema";
import { bankLocalParts } from "@/lib/contract/time/bank-time";
import { writeAudit } from "@/lib/server/core/audit/write";
import type { Queryable } from "@/lib/server/core/db/types";
import { withTransaction } from "@/lib/server/core/db/transaction";
import { pagedList, type PageQuery } from "@/lib/server/core/lists/list";
import { respondingTransaction, transactionOf, type Actor, type Unit } from "@/lib/server/core/unit";
import { whoActs } from "@/lib/server/domain/counterparties/service";
import { currentReferenceData } from "@/lib/server/domain/payments/known-data";
import { movePayment } from "@/lib/server/domain/payments/lifecycle";
import { payWithRail, SCHEDULER, TRANSIENT } from "@/lib/server/domain/payments/scheduled";
import type { PaymentOptions } from "@/lib/server/domain/payments/submit";
import {
  advanceStandingOrder,
  claimDueStandingOrder,
  claimOccurrence,
  findDueStandingOrders,
  findStandingOrder,
  insertStandingOrder,
  lockScheduledOccurrences,
  setStandingOrderStatus,
  standingOrdersPage,
  type OccurrenceFailure,
  type StandingOrderRow,
} from "@/lib/server/domain/standing-orders/repo";

/**
 * Standing orders (issue 21, decisions §11, docs/scheduling.md "Standing orders"). An order never pays by itself:
 * each occurrence is an ordinary payment made by the rail's own use case with `standingOrderId` on it, Scheduled for
 * its bank day when it is made ahead, and made on that day by the scheduled payments' sweep.
 */

/** What the caller may do: `standing-orders` was checked by the way in; the order's rail permission is checked here. */
type Scopes = ReadonlySet<string>;

export function standingOrderNotFound(standingOrderId: string): ApiError {
  return new ApiError("STANDING_ORDER_NOT_FOUND", `No standing order ${standingOrderId} was found for this client.`, { field: "standingOrderId" });
}

/** Every occurrence is a payment of the order's rail: keeping or cancelling an order needs the permission paying it needs. */
export function requireRail(scopes: Scopes, rail: TRail): void {
  const permission = RAIL_PERMISSIONS[rail];
  if (!scopes.has(permission)) throw new ApiError("FORBIDDEN", `A ${rail} standing order requires the permission ${permission}.`);
}

/**
 * The next day a payment of the order will be made: its earliest occurrence still Scheduled, else the next occurrence
 * not yet made, moved to a business day by today's holiday list. None for an order that is not Active.
 */
function nextExecutionDate(row: StandingOrderRow, holidays: ReadonlySet<string>): string | null {
  if (row.status !== "Active") return null;
  if (row.pending_execution_date) return row.pending_execution_date;
  return row.next_occurrence_date ? executionDateOf(row.next_occurrence_date, holidays) : null;
}

export function toStandingOrder(row: StandingOrderRow, holidays: ReadonlySet<string>): TStandingOrder {
  return {
    standingOrderId: row.standing_order_id,
    rail: row.rail,
    request: row.request,
    schedule: row.schedule,
    status: row.status,
    nextExecutionDate: nextExecutionDate(row, holidays),
    occurrencesMade: row.occurrences_made,
    lastPaymentId: row.last_payment_id,
    lastFailure: row.last_failure,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  } as TStandingOrder;
}

/** Amounts kept as decimal strings, as the rail reads them (a JSON number is accepted on the way in). */
export function withStringAmounts(request: TCreateStandingOrder["request"]): Record<string, unknown> {
  const asString = (money: unknown) => {
    if (!money || typeof money !== "object") return money;
    const amount = (money as { amount?: unknown }).amount;
    return { ...money, amount: typeof amount === "number" ? String(amount) : amount };
  };
  const copy: Record<string, unknown> = { ...request, instructedAmount: asString(request.instructedAmount) };
  if ("debitAmount" in request && request.debitAmount) copy.debitAmount = asString(request.debitAmount);
  return copy;
}

/**
 * How an occurrence is made: by whom and when; whether the approval policy was already applied (on the worker, an
 * approved draft, a change judged by its caller); `onWorker`: a lasting refusal is kept on the order as lastFailure
 * (else, at creation or change, the rail's refusal refuses the whole call).
 */
export type OccurrenceMaking = { actor: Actor; now: Date; lockTimeoutMs: number; policyApplied: boolean; onWorker: boolean };

/**
 * Makes the order's next occurrence, in `tx` under the order's row lock: claims it (the belt: one row per occurrence),
 * then the rail's use case with the occurrence's day as requestedExecutionDate (a later day: Scheduled, made on its
 * bank day by the scheduled payments' sweep; today or a day already passed, when the worker was down: made now), and
 * moves the order on. At creation the rail's refusal (and its approval policy) refuses the order; on the worker a
 * lasting refusal (a payee deleted, an account closed) is kept on the order as lastFailure and the order goes on.
 */
export async function makeOccurrence(
  tx: PoolClient,
  row: Pick<StandingOrderRow, "client_id" | "standing_order_id" | "rail" | "request" | "schedule" | "next_occurrence_date">,
  how: OccurrenceMaking,
): Promise<void> {
  const date = row.next_occurrence_date!;
  const today = bankLocalParts(how.now).date;
  await claimOccurrence(tx, row.client_id, row.standing_order_id, date);
  const unit: Unit = { db: tx, inTransaction: true, responseSlot: null, now: how.now, actor: how.actor };
  const orderId = row.request.instructionIdentification;
  const request = {
    ...row.request,
    instructionIdentification: typeof orderId === "string" ? occurrenceInstructionId(orderId, date) : null,
    requestedExecutionDate: date > today ? date : null,
  };
  // The approval policy is applied when the order is made or changed (as a scheduled payment's is), never per occurrence.
  const options: PaymentOptions = {
    lockTimeoutMs: how.lockTimeoutMs,
    simulate: null,
    standingOrderId: row.standing_order_id,
    policyApplied: how.policyApplied,
  };
  let paymentId: string | null = null;
  let failure: OccurrenceFailure | null = null;
  if (!how.onWorker) {
    paymentId = (await payWithRail(unit, row.rail, request, options)).id;
  } else {
    await tx.query("SAVEPOINT occurrence");
    try {
      paymentId = (await payWithRail(unit, row.rail, request, options)).id;
      await tx.query("RELEASE SAVEPOINT occurrence");
    } catch (error) {
      if (!(error instanceof ApiError) || TRANSIENT.has(error.code)) throw error;
      await tx.query("ROLLBACK TO SAVEPOINT occurrence");
      failure = { occurrenceDate: date, code: error.code, message: error.message };
    }
  }
  const next = occurrenceAfter(row.schedule, date);
  await advanceStandingOrder(tx, row.client_id, row.standing_order_id, { occurrenceDate: date, paymentId, failure, next, now: how.now });
}

/** startDate is from today to +365 days (bank dates), as a requestedExecutionDate; `field` is where the caller sent it. */
export function checkStartDate(startDate: string, now: Date, field = "schedule.startDate"): void {
  const today = bankLocalParts(now).date;
  const last = lastSchedulableDate(today);
  if (startDate < today || startDate > last)
    throw new ApiError("VALIDATION_ERROR", `startDate must be from today (${today}) to ${last}, in bank time.`, { field });
}

/**
 * POST /v1/standing-orders: the order and, in the same transaction, its first occurrence (Scheduled for startDate, or
 * made now when startDate is today), so the rail's rules and the approval policy judge the request once, now. Audited.
 */
export function createStandingOrder(
  unit: Unit,
  input: { scopes: Scopes; order: TCreateStandingOrder; lockTimeoutMs: number; approvedBy?: string[] },
): Promise<TStandingOrder> {
  const { order } = input;
  requireRail(input.scopes, order.rail);
  return respondingTransaction(unit, async (tx) => {
    const { clientId } = unit.actor;
    checkStartDate(order.schedule.startDate, unit.now);
    const standingOrderId = randomUUID();
    const row = {
      client_id: clientId,
      standing_order_id: standingOrderId,
      rail: order.rail,
      request: withStringAmounts(order.request),
      schedule: order.schedule,
      next_occurrence_date: order.schedule.startDate,
      created_by: whoActs(unit.actor),
      created_by_person: unit.actor.person,
    };
    await insertStandingOrder(tx, { ...row, now: unit.now });
    // An approved draft's order (approvedBy) is what the policy asked for; otherwise the rail's use case applies it to a person.
    const policyApplied = input.approvedBy !== undefined;
    await makeOccurrence(tx, row, { actor: unit.actor, now: unit.now, lockTimeoutMs: input.lockTimeoutMs, policyApplied, onWorker: false });
    await writeAudit(tx, {
      ...unit.actor,
      action: "standing_order.created",
      entity: "standing_order",
      entityId: standingOrderId,
      data: { rail: order.rail, ...(input.approvedBy ? { approvedBy: input.approvedBy } : {}) },
      after: { request: row.request, schedule: order.schedule },
    });
    const { holidays } = await currentReferenceData(tx);
    return toStandingOrder((await findStandingOrder(tx, clientId, standingOrderId))!, holidays);
  });
}

/**
 * DELETE /v1/standing-orders/{id}: an Active order becomes Cancelled; no further occurrence is made, and its
 * occurrences still Scheduled are Cancelled through the payments' lifecycle (audited and raised each). 409 otherwise.
 */
export function cancelStandingOrder(unit: Unit, input: { scopes: Scopes; standingOrderId: string }): Promise<TStandingOrder> {
  const { clientId } = unit.actor;
  return transactionOf(unit, async (tx) => {
    const row = await findStandingOrder(tx, clientId, input.standingOrderId, true);
    if (!row) throw standingOrderNotFound(input.standingOrderId);
    requireRail(input.scopes, row.rail);
    if (row.status !== "Active") {
      throw new ApiError("INVALID_STATUS_TRANSITION", `Only an Active standing order can be cancelled; this one is ${row.status}.`, {
        field: "standingOrderId",
      });
    }
    await setStandingOrderStatus(tx, clientId, row.standing_order_id, "Cancelled", unit.now);
    const cancelled: string[] = [];
    for (const paymentId of await lockScheduledOccurrences(tx, clientId, row.standing_order_id)) {
      await movePayment(tx, clientId, paymentId, "Cancelled", unit.actor);
      cancelled.push(paymentId);
    }
    await writeAudit(tx, {
      ...unit.actor,
      action: "standing_order.cancelled",
      entity: "standing_order",
      entityId: row.standing_order_id,
      data: { rail: row.rail, cancelledPayments: cancelled },
      before: { status: row.status },
      after: { status: "Cancelled" },
    });
    const { holidays } = await currentReferenceData(tx);
    return toStandingOrder((await findStandingOrder(tx, clientId, row.standing_order_id))!, holidays);
  });
}

export async function getStandingOrderOrThrow(db: Queryable, clientId: string, standingOrderId: string): Promise<TStandingOrder> {
  const row = await findStandingOrder(db, clientId, standingOrderId);
  if (!row) throw standingOrderNotFound(standingOrderId);
  return toStandingOrder(row, (await currentReferenceData(db)).holidays);
}

export async function listStandingOrders(
  db: Queryable,
  clientId: string,
  query: TStandingOrderListQuery & PageQuery,
  secret: string,
): Promise<TStandingOrderList> {
  const filters = { status: query.status, rail: query.rail };
  const { holidays } = await currentReferenceData(db);
  return pagedList(secret, { clientId, endpoint: "GET /v1/standing-orders", filters }, query, async (page) => {
    const { rows, total } = await standingOrdersPage(db, clientId, filters, page);
    return { items: rows.map((row) => toStandingOrder(row, holidays)), total };
  });
}

/** An order whose worker was down for several of its days catches up, one occurrence per transaction, this many at most per sweep. */
const MAX_CATCH_UP = 60;

/**
 * One step of one due order, in its own transaction under the order's row lock (SKIP LOCKED): its next occurrence
 * made, or, with none left, the order Completed. False when there is nothing (more) to do with it now.
 */
export async function advanceDueOrder(tx: PoolClient, due: { client_id: string; standing_order_id: string }, options: { now: Date; lockTimeoutMs: number }) {
  const row = await claimDueStandingOrder(tx, due.client_id, due.standing_order_id, bankLocalParts(options.now).date);
  if (!row) return false;
  if (row.next_occurrence_date === null) {
    await setStandingOrderStatus(tx, row.client_id, row.standing_order_id, "Completed", options.now);
    return false;
  }
  // The worker acts (system:scheduler); the payment is submitted by the order's maker (decisions §11 attribution).
  const actor: Actor = { clientId: row.client_id, actor: SCHEDULER, ip: null, correlationId: null, person: row.created_by_person };
  await makeOccurrence(tx, row, { actor, now: options.now, lockTimeoutMs: options.lockTimeoutMs, policyApplied: true, onWorker: true });
  return true;
}

/**
 * The worker's sweep (run before the scheduled payments' one, lib/server/domain/payments/jobs.ts): every Active order
 * whose latest occurrence's day has come by `now`'s bank day makes its next occurrence, or ends Completed. Nothing on a
 * day that is not a business day, as for scheduled payments. Returns how many occurrences it made (or found refused).
 */
export async function makeDueStandingOrders(db: Pool, options: { now: Date; lockTimeoutMs: number; limit?: number }): Promise<number> {
  const today = bankLocalParts(options.now).date;
  if (!isBusinessDay(today, (await currentReferenceData(db)).holidays)) return 0;
  let made = 0;
  for (const due of await findDueStandingOrders(db, today, options.limit ?? 500)) {
    for (let step = 0; step < MAX_CATCH_UP && (await withTransaction(db, (tx) => advanceDueOrder(tx, due, options))); step++) made++;
  }
  return made;
}
