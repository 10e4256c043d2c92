import "server-only";
import { systemActor } from "@/lib/server/core/audit/actors";
import type { PoolClient } from "pg";
import { ApiError } from "@/lib/contract/http/errors";
import { negated } from "@/lib/server/domain/ledger/entry";
import { postEntry } from "@/lib/server/domain/ledger/ledger";
import { paymentPostings } from "@/lib/server/domain/ledger/payment-entry";
import { writeAudit } from "@/lib/server/core/audit/write";
import { raisePaymentStatusChanged } from "@/lib/server/domain/payments/events";
import { lockPayment, updatePaymentStatus, type PaymentRow } from "@/lib/server/domain/payments/repo";
import { allowedMoves, type TPaymentStatus } from "@/lib/contract/payments/schema";

/** Failed and Reversed hand the funds back: a new entry, the payment's postings negated (principal, charge, FX legs). */
const RETURNS_FUNDS = new Set<TPaymentStatus>(["Failed", "Reversed"]);

async function returnFunds(tx: PoolClient, payment: PaymentRow): Promise<void> {
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
    details: null,
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
 * not allow is 409 INVALID_STATUS_TRANSITION.
 */
export async function movePayment(tx: PoolClient, clientId: string, paymentId: string, to: TPaymentStatus, actor: string | MoveActor): Promise<PaymentRow> {
  const payment = await lockPayment(tx, clientId, paymentId);
  if (!payment) throw new ApiError("PAYMENT_NOT_FOUND", `No payment ${paymentId} was found for this client.`, { field: "paymentId" });
  if (payment.rail === "INTERNAL") {
    throw new ApiError("INVALID_STATUS_TRANSITION", `An internal transfer is ${payment.status} when it is made; a transfer back is a new transfer.`, {
      field: "status",
    });
  }
  if (!allowedMoves(payment.rail, payment.status).includes(to)) {
    throw new ApiError("INVALID_STATUS_TRANSITION", `A ${payment.status} payment cannot become ${to}.`, { field: "status" });
  }
  const returning = RETURNS_FUNDS.has(to) && payment.funds_held;
  if (returning) await returnFunds(tx, payment);
  const moved = await updatePaymentStatus(tx, clientId, paymentId, to, payment.funds_held && !returning);
  const who = typeof actor === "string" ? { actor } : { actor: actor.actor, ip: actor.ip, correlationId: actor.correlationId };
  await writeAudit(tx, { clientId, ...who, action: `payment.${to.toLowerCase()}`, entity: "payment", entityId: paymentId, data: { from: payment.status, to } });
  await raisePaymentStatusChanged(tx, moved, { from: payment.status, to, returnReason: null });
  return moved;
}

/**
 * The settlement task: a Pending payment completes on its settlement date.
 * One already moved (e.g. forced in the sandbox) is left alone, so a retried
 * or late task is harmless.
 */
export async function settlePayment(tx: PoolClient, clientId: string, paymentId: string): Promise<boolean> {
  const payment = await lockPayment(tx, clientId, paymentId);
  if (!payment || payment.status !== "Pending") return false;
  await movePayment(tx, clientId, paymentId, "Completed", systemActor("settlement"));
  return true;
}
