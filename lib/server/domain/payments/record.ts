import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import type { Actor } from "@/lib/server/core/unit";
import { paymentPostings } from "@/lib/server/domain/ledger/payment-entry";
import { formatAmount } from "@/lib/contract/money";
import { ACTIVE_ACCOUNT_STATUSES } from "@/lib/contract/accounts/schema";
import type { DebtorAccount, NewPayment, PaymentDetails } from "@/lib/server/domain/payments/repo";
import type { TSubmission, TSubmissionOutcome } from "@/lib/server/domain/payments/submission";
import type { TPaymentResponse, TRail } from "@/lib/contract/payments/schema";
import { toPaymentResponse } from "@/lib/server/domain/payments/serialize";
import { settlementRunAt } from "@/lib/contract/payments/settlement-date";
import { auditIp } from "@/lib/server/core/audit/write";

export const SETTLE_TASK = "payment.settle";

/** A person's approval of the draft a payment was made from. */
export type Approval = { email: string; decidedAt: string };

/**
 * A Scheduled payment the worker makes on its day (docs/scheduling.md): the payment keeps its id, its maker and its
 * standing order, and replaces the Scheduled row.
 */
export type ScheduledOrigin = {
  paymentId: string;
  uniqueIdentifier: string;
  executionDate: string;
  standingOrderId: string | null;
  submittedBy?: { userId: string; email: string };
};

/** Who submits (the unit's actor), when (its clock), and the options that shape the records. */
export type PaymentContext = Actor & {
  now: Date;
  lockTimeoutMs: number;
  approvedBy?: Approval[];
  made?: ScheduledOrigin;
  standingOrderId?: string;
  /** Recorded and booked at `now` (PaymentOptions.backDated). */
  backDated?: boolean;
};

/** A payment for a later bank day: recorded Scheduled, holding nothing, with the request the worker makes it with. */
export type PaymentSchedule = { executionDate: string; request: unknown };

export type PaymentDraft = {
  rail: TRail;
  debtor: DebtorAccount;
  /** Internal transfers: the client's own account credited in the same entry. */
  creditor: DebtorAccount | null;
  instructionIdentification: string | null;
  debitMinor: bigint;
  creditMinor: bigint;
  creditCurrency: string;
  exchangeRate: string | null;
  chargeMinor: bigint;
  chargesType: "OUR" | "BEN" | "SHA" | null;
  settlementDate: string;
  details: Omit<PaymentDetails, "failureReason">;
  remittanceInformation: string[];
  /** Set when the payment is for a later bank day. */
  schedule?: PaymentSchedule;
};

type Ids = { paymentId: string; uniqueIdentifier: string };

/** The payment as recorded when funds are covered (Pending, funds held) or not (Failed, decisions §5). */
function paymentRecord(ctx: PaymentContext, draft: PaymentDraft, ids: Ids, covered: boolean): NewPayment {
  const total = formatAmount(draft.debitMinor + draft.chargeMinor, draft.debtor.currency);
  return {
    client_id: ctx.clientId,
    payment_id: ids.paymentId,
    unique_identifier: ids.uniqueIdentifier,
    rail: draft.rail,
    // A transfer between the client's own accounts completes in its entry; the rails settle later.
    status: draft.schedule ? "Scheduled" : covered ? (draft.creditor ? "Completed" : "Pending") : "Failed",
    debtor_account_id: draft.debtor.account_id,
    debtor_account_number: draft.debtor.account_number,
    creditor_account_id: draft.creditor?.account_id ?? null,
    instruction_identification: draft.instructionIdentification,
    debit_minor: draft.debitMinor.toString(),
    debit_currency: draft.debtor.currency,
    credit_minor: draft.creditMinor.toString(),
    credit_currency: draft.creditCurrency,
    exchange_rate: draft.exchangeRate,
    charge_minor: draft.chargeMinor.toString(),
    charges_type: draft.chargesType,
    settlement_date: draft.settlementDate,
    // A completed transfer holds nothing a lifecycle move could return.
    funds_held: covered && !draft.creditor && !draft.schedule,
    execution_date: draft.schedule?.executionDate ?? ctx.made?.executionDate ?? null,
    scheduled_request: draft.schedule?.request ?? null,
    standing_order_id: ctx.made?.standingOrderId ?? ctx.standingOrderId ?? null,
    details: {
      ...draft.details,
      ...(ctx.person ? { submittedBy: ctx.person } : ctx.made?.submittedBy ? { submittedBy: ctx.made.submittedBy } : {}),
      ...(ctx.approvedBy?.length ? { approvedBy: ctx.approvedBy } : {}),
      failureReason: covered
        ? null
        : { code: "INSUFFICIENT_FUNDS", message: `The available balance of ${draft.debtor.account_number} does not cover ${total} ${draft.debtor.currency}.` },
    },
    remittance_information: draft.remittanceInformation,
  };
}

/**
 * One outcome: the payment, its audit row and the response (built when asked for). Its body, the response a replay
 * returns, goes to SQL only with an Idempotency-Key claim to store it under (a payment run's items have none).
 */
function outcome(
  ctx: PaymentContext,
  draft: PaymentDraft,
  ids: Ids,
  covered: boolean,
  withBody: boolean,
): { response: () => TPaymentResponse; record: TSubmissionOutcome } {
  const payment = paymentRecord(ctx, draft, ids, covered);
  const response = () => toPaymentResponse(payment);
  return {
    response,
    record: {
      payment: { ...payment, failure_reason: payment.details.failureReason?.code ?? null },
      audit: {
        client_id: ctx.clientId,
        actor: ctx.actor,
        action: draft.schedule ? "payment.scheduled" : covered ? "payment.created" : "payment.rejected",
        entity: "payment",
        entity_id: ids.paymentId,
        data: {
          rail: draft.rail,
          status: payment.status,
          debit: `${formatAmount(draft.debitMinor, draft.debtor.currency)} ${draft.debtor.currency}`,
          ...(ctx.approvedBy?.length ? { approvedBy: ctx.approvedBy.map((a) => a.email) } : {}),
        },
        ip: auditIp(ctx.ip),
        correlation_id: ctx.correlationId ?? null,
      },
      ...(withBody ? { body: JSON.stringify(response()) } : {}),
    },
  };
}

/** The payment's ledger entry (lib/server/domain/ledger/payment-entry.ts); the debtor's net debit must be covered. */
function entryOf(ctx: PaymentContext, draft: PaymentDraft, ids: Ids): TSubmission["accepted"]["entry"] {
  return {
    clientId: ctx.clientId,
    causeType: draft.creditor ? "transfer" : "payment",
    reference: ids.paymentId,
    paymentId: ids.paymentId,
    valueDate: draft.settlementDate,
    details: null,
    ...(ctx.backDated ? { bookedAt: ctx.now.toISOString() } : {}),
    coveredAccount: draft.debtor.account_id,
    postings: paymentPostings({
      rail: draft.rail,
      debtorAccountId: draft.debtor.account_id,
      debitCurrency: draft.debtor.currency,
      debitMinor: draft.debitMinor,
      creditCurrency: draft.creditCurrency,
      creditMinor: draft.creditMinor,
      chargeMinor: draft.chargeMinor,
      creditorAccountId: draft.creditor?.account_id ?? null,
    }),
  };
}

/** A decided payment ready to record: the submission SQL submit_payments applies, and the response of each outcome (built for the one written). */
export type Prepared = { draft: PaymentDraft; submission: TSubmission; accepted: () => TPaymentResponse; failed: () => TPaymentResponse };

/**
 * Builds both possible outcomes of a decided payment (Pending or Completed
 * with its ledger entry and settlement task; Failed for funds), so every rule
 * stays in TypeScript and the database only applies the one the ledger allows.
 * `withBodies`: the response bodies go with them, for an Idempotency-Key claim
 * to store (SQL stores the written one's); without a claim only the rows go.
 */
export function prepareSubmission(ctx: PaymentContext, draft: PaymentDraft, referenceVersion: string, withBodies: boolean): Prepared {
  const ids = ctx.made ?? { paymentId: randomUUID(), uniqueIdentifier: `HBR${randomBytes(10).toString("hex").toUpperCase()}` };
  const accepted = outcome(ctx, draft, ids, true, withBodies);
  const failed = outcome(ctx, draft, ids, false, withBodies);
  const settles =
    draft.creditor || draft.schedule
      ? {}
      : {
          task: {
            kind: SETTLE_TASK,
            payload: { paymentId: ids.paymentId },
            runAt: settlementRunAt(draft.settlementDate).toISOString(),
            dedupeKey: ids.paymentId,
          },
        };
  return {
    draft,
    accepted: accepted.response,
    failed: failed.response,
    submission: {
      clientId: ctx.clientId,
      rail: draft.rail,
      paymentId: ids.paymentId,
      referenceVersion,
      activeStatuses: ACTIVE_ACCOUNT_STATUSES,
      instructionIdentification: draft.instructionIdentification,
      lockTimeout: `${ctx.lockTimeoutMs}ms`,
      debtorAccountId: draft.debtor.account_id,
      creditorAccountId: draft.creditor?.account_id ?? null,
      ...(draft.schedule ? { scheduled: true } : {}),
      ...(ctx.backDated ? { submittedAt: ctx.now.toISOString() } : {}),
      accepted: { ...accepted.record, entry: entryOf(ctx, draft, ids), ...settles },
      failed: failed.record,
    },
  };
}
