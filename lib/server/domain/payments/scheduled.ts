import "server-only";
import type { Pool, PoolClient } from "pg";
import { ApiError } from "@/lib/contract/http/errors";
import { bankLocalParts } from "@/lib/contract/time/bank-time";
import { isBusinessDay } from "@/lib/contract/payments/settlement-date";
import type {
  TAchPaymentRequest,
  TInternalTransferRequest,
  TPaymentResponse,
  TPaymentStatusRecord,
  TRail,
  TSwiftPaymentRequest,
} from "@/lib/contract/payments/schema";
import { systemActor } from "@/lib/server/core/audit/actors";
import { withTransaction } from "@/lib/server/core/db/transaction";
import { transactionOf, type Unit } from "@/lib/server/core/unit";
import { APPROVAL_RAIL_PERMISSIONS } from "@/lib/contract/approvals/schema";
import { createAchPayment } from "@/lib/server/domain/payments/ach";
import { raisePaymentStatusChanged } from "@/lib/server/domain/payments/events";
import { createInternalTransfer } from "@/lib/server/domain/payments/internal";
import { currentReferenceData } from "@/lib/server/domain/payments/known-data";
import { movePayment } from "@/lib/server/domain/payments/lifecycle";
import { findPayment, lockPayment } from "@/lib/server/domain/payments/repo";
import { claimScheduled, findDueScheduled, recordFailureReason } from "@/lib/server/domain/payments/scheduled-repo";
import { toPaymentStatusRecord } from "@/lib/server/domain/payments/serialize";
import { isPaymentId, paymentNotFound } from "@/lib/server/domain/payments/service";
import type { PaymentOptions } from "@/lib/server/domain/payments/submit";
import { createSwiftPayment } from "@/lib/server/domain/payments/swift";

/** The worker's name in the audit trail for what it does to scheduled payments (docs/scheduling.md). */
export const SCHEDULER = systemActor("scheduler");

/** Refusals that say "not now" rather than "never": the payment stays Scheduled and the next sweep tries again. */
export const TRANSIENT = new Set(["DEDUPE_LOCK_UNAVAILABLE", "SERVICE_UNAVAILABLE", "REQUEST_IN_PROGRESS"]);

/**
 * The rail's own use case, exactly as the API calls it, with a stored request: a Scheduled payment's on its day, a
 * standing order's occurrence (lib/server/domain/standing-orders).
 */
export function payWithRail(unit: Unit, rail: TRail, request: unknown, options: PaymentOptions): Promise<TPaymentResponse> {
  switch (rail) {
    case "ACH":
      return createAchPayment(unit, { ...options, body: request as TAchPaymentRequest });
    case "SWIFT":
      return createSwiftPayment(unit, { ...options, body: request as TSwiftPaymentRequest });
    case "INTERNAL":
      return createInternalTransfer(unit, { ...options, body: request as TInternalTransferRequest });
  }
}

/**
 * Makes one Scheduled payment, due by `now`'s bank day, in `tx`: claims it (its row lock), calls its rail's use case
 * (funds checked and reserved now, today's cut-off and settlement rules, the approval it had at creation), which
 * replaces the Scheduled row under the same id; a refusal (a payee or account no longer payable) makes it Failed with
 * the reason. Raises its PaymentStatusChanged. Null when it is not (or no longer) Scheduled and due, or another
 * worker holds it: exactly once, whatever the number of workers and crashes (the claim commits with the payment).
 */
export async function makeScheduledPayment(tx: PoolClient, payment: { clientId: string; paymentId: string; now: Date; lockTimeoutMs: number }) {
  const { clientId, paymentId, now } = payment;
  const row = await claimScheduled(tx, clientId, paymentId, bankLocalParts(now).date);
  if (!row) return null;
  const unit: Unit = {
    db: tx,
    inTransaction: true,
    responseSlot: null,
    now,
    actor: { clientId, actor: SCHEDULER, ip: null, correlationId: null, person: null },
  };
  const options: PaymentOptions = {
    lockTimeoutMs: payment.lockTimeoutMs,
    simulate: null,
    // Approved (or not held back) when it was scheduled: the policy is not applied again on the day.
    policyApplied: true,
    ...(row.details.approvedBy ? { approvedBy: row.details.approvedBy } : {}),
    made: {
      paymentId,
      uniqueIdentifier: row.unique_identifier,
      executionDate: row.execution_date!,
      standingOrderId: row.standing_order_id,
      ...(row.details.submittedBy ? { submittedBy: row.details.submittedBy } : {}),
    },
  };
  try {
    await payWithRail(unit, row.rail, row.scheduled_request, options);
  } catch (error) {
    if (!(error instanceof ApiError) || TRANSIENT.has(error.code)) throw error;
    await recordFailureReason(tx, clientId, paymentId, { code: error.code, message: error.message });
    return movePayment(tx, clientId, paymentId, "Failed", SCHEDULER);
  }
  const made = (await findPayment(tx, clientId, paymentId))!;
  await raisePaymentStatusChanged(tx, made, { from: "Scheduled", to: made.status, returnReason: null });
  return made;
}

/**
 * The worker's sweep: every Scheduled payment due by `now`'s bank day, each in its own transaction. Nothing on a day
 * that is not a business day (a weekend, or a holiday the bank added after the payment was scheduled): the payments
 * wait for the next business day. Returns how many it made (or failed).
 */
export async function makeDueScheduledPayments(db: Pool, options: { now: Date; lockTimeoutMs: number; limit?: number }): Promise<number> {
  const today = bankLocalParts(options.now).date;
  if (!isBusinessDay(today, (await currentReferenceData(db)).holidays)) return 0;
  let made = 0;
  for (const due of await findDueScheduled(db, today, options.limit ?? 500)) {
    const payment = { clientId: due.client_id, paymentId: due.payment_id, now: options.now, lockTimeoutMs: options.lockTimeoutMs };
    if (await withTransaction(db, (tx) => makeScheduledPayment(tx, payment))) made++;
  }
  return made;
}

/**
 * POST /v1/payments/{id}/cancel: a Scheduled payment becomes Cancelled (audited, event raised, through the lifecycle's
 * one move); anything else is 409. Needs the permission of the payment's rail, as making it did.
 */
export async function cancelScheduledPayment(unit: Unit, input: { paymentId: string; scopes: ReadonlySet<string> }): Promise<TPaymentStatusRecord> {
  const { clientId } = unit.actor;
  if (!isPaymentId(input.paymentId)) throw paymentNotFound(input.paymentId);
  return transactionOf(unit, async (tx) => {
    const row = await lockPayment(tx, clientId, input.paymentId);
    if (!row) throw paymentNotFound(input.paymentId);
    const permission = APPROVAL_RAIL_PERMISSIONS[row.rail];
    if (!input.scopes.has(permission)) throw new ApiError("FORBIDDEN", `Cancelling a ${row.rail} payment requires the permission ${permission}.`);
    if (row.status !== "Scheduled") {
      throw new ApiError("INVALID_STATUS_TRANSITION", `Only a Scheduled payment can be cancelled; this one is ${row.status}.`, { field: "paymentId" });
    }
    return toPaymentStatusRecord(await movePayment(tx, clientId, input.paymentId, "Cancelled", unit.actor));
  });
}
