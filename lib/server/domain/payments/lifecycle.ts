import "server-only";
import { systemActor } from "@/lib/server/core/audit/actors";
import type { PoolClient } from "pg";
import { ApiError } from "@/lib/contract/http/errors";
import { negated } from "@/lib/server/domain/ledger/entry";
import { postEntry } from "@/lib/server/domain/ledger/ledger";
import { paymentPostings } from "@/lib/server/domain/ledger/payment-entry";
import { writeAudit } from "@/lib/server/core/audit/write";
import { raisePaymentReturned, raisePaymentStatusChanged } from "@/lib/server/domain/payments/events";
import { returnReasonOf, type TReturnReason, type TReturnReasonCode } from "@/lib/contract/payments/returns";
import { lockPayment, updatePaymentStatus, type PaymentRow } from "@/lib/server/domain/payments/repo";
import { allowedMoves, type TPaymentStatus } from "@/lib/contract/payments/schema";

/** Failed and Reversed hand the funds back: a new entry, the payment's postings negated (principal, charge, FX legs). */
const RETURNS_FUNDS = new Set<TPaymentStatus>(["Failed", "Reversed"]);

async function returnFunds(tx: PoolClient, payment: PaymentRow, returnReason: TReturnReason | null, at: Date | null): Promise<void> {
  const postings = paymentPostings({
    rail: payment.rail,
    debtorAccountId: payment.debtor_account_id,
    debitCurrency: payment.debit_currency,
    debitMinor: BigInt(payment.debit_minor),
    creditCurrency: payment.credit_currency,
    creditMinor: BigInt(payment.credit_minor),
    chargeMinor: BigInt(payment.charge_minor),
    creditorAccountId: payment.creditor_account_id,
  });
  await postEntry(tx, {
    clientId: payment.client_id,
    causeType: "payment",
    reference: payment.payment_id,
    paymentId: payment.payment_id,
    valueDate: null,
    ...(at ? { bookedAt: at.toISOString() } : {}),
    // A return names its reason on the statement line (CSV, MT940 :86:, camt.053 RtrInf).
    details: returnReason ? { returnReason } : null,
    coveredAccount: null,
    postings: negated(postings, "_return"),
  });
}

/** Who moves a payment from a request (ctx.actor): its audit row names the address and correlation id too. */
export type MoveActor = { actor: string; ip: string | null; correlationId: string | null };

/**
 * Moves a payment under its row lock, returning funds at most once
 * (funds_held): every status move (the sandbox, the settlement task, a return)
 * is made here, so each raises its one PaymentStatusChanged event. Unknown and foreign ids are 404; a move the lifecycle does
 * not allow is 409 INVALID_STATUS_TRANSITION. `at` is a past move's clock (the uat demo's history, as
 * PaymentOptions.backDated): the row, the returned funds' entry and the events carry it; without it, the transaction's time.
 */
export async function movePayment(
  tx: PoolClient,
  clientId: string,
  paymentId: string,
  to: TPaymentStatus,
  actor: string | MoveActor,
  returnReason: TReturnReason | null = null,
  at: Date | null = null,
): Promise<PaymentRow> {
  const payment = await lockPayment(tx, clientId, paymentId);
  if (!payment) throw new ApiError("PAYMENT_NOT_FOUND", `No payment ${paymentId} was found for this client.`, { field: "paymentId" });
  // A Scheduled transfer is not made yet: it can still be cancelled, or fail on its day.
  if (payment.rail === "INTERNAL" && payment.status !== "Scheduled") {
    throw new ApiError("INVALID_STATUS_TRANSITION", `An internal transfer is ${payment.status} when it is made; a transfer back is a new transfer.`, {
      field: "status",
    });
  }
  if (!allowedMoves(payment.rail, payment.status).includes(to)) {
    throw new ApiError("INVALID_STATUS_TRANSITION", `A ${payment.status} payment cannot become ${to}.`, { field: "status" });
  }
  const returning = RETURNS_FUNDS.has(to) && payment.funds_held;
  if (returning) await returnFunds(tx, payment, returnReason, at);
  const moved = await updatePaymentStatus(tx, clientId, paymentId, to, payment.funds_held && !returning, returnReason, at);
  const who = typeof actor === "string" ? { actor } : { actor: actor.actor, ip: actor.ip, correlationId: actor.correlationId };
  await writeAudit(tx, {
    clientId,
    ...who,
    action: `payment.${to.toLowerCase()}`,
    entity: "payment",
    entityId: paymentId,
    data: { from: payment.status, to, ...(returnReason ? { returnReason } : {}) },
  });
  await raisePaymentStatusChanged(tx, moved, { from: payment.status, to, returnReason }, at);
  if (returnReason) {
    // Charges rule (docs/payments.md, Returns): the whole debit comes back, principal and the bank's charge.
    const creditedBackMinor = returning ? BigInt(moved.debit_minor) + BigInt(moved.charge_minor) : 0n;
    await raisePaymentReturned(tx, moved, { returnReason, creditedBackMinor }, at);
  }
  return moved;
}

/**
 * The settlement task: a Pending payment completes on its settlement date.
 * One already moved (e.g. forced in the sandbox) is left alone, so a retried
 * or late task is harmless.
 */
export async function settlePayment(tx: PoolClient, clientId: string, paymentId: string, at: Date | null = null): Promise<boolean> {
  const payment = await lockPayment(tx, clientId, paymentId);
  if (!payment || payment.status !== "Pending") return false;
  await movePayment(tx, clientId, paymentId, "Completed", systemActor("settlement"), null, at);
  return true;
}

/**
 * A return (decisions §11): the beneficiary's bank sends a Completed ACH or SWIFT payment back
 * with an ISO 20022 reason. Reversed, funds credited back naming the reason, audited, events
 * raised, all in `tx`; anything but a Completed payment is 409 INVALID_STATUS_TRANSITION.
 */
export async function returnPayment(
  tx: PoolClient,
  clientId: string,
  paymentId: string,
  reasonCode: TReturnReasonCode,
  actor: string | MoveActor,
  at: Date | null = null,
): Promise<PaymentRow> {
  const payment = await lockPayment(tx, clientId, paymentId);
  if (payment && payment.status !== "Completed") {
    throw new ApiError("INVALID_STATUS_TRANSITION", `Only a Completed payment can be returned; this one is ${payment.status}.`, { field: "paymentId" });
  }
  return movePayment(tx, clientId, paymentId, "Reversed", actor, returnReasonOf(reasonCode), at);
}
