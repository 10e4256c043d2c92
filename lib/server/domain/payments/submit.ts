import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import { ApiError } from "@/lib/contract/http/errors";
import type { Actor, Unit } from "@/lib/server/core/unit";
import { assertNotHeldBack } from "@/lib/server/domain/dual-control/policies";
import type { DraftRequest } from "@/lib/contract/approvals/policy";
import { requestInProgress } from "@/lib/server/core/idempotency/transaction";
import { paymentPostings } from "@/lib/server/domain/ledger/payment-entry";
import { formatAmount } from "@/lib/contract/money";
import { ACTIVE_ACCOUNT_STATUSES, isActiveStatus } from "@/lib/contract/accounts/schema";
import {
  debtorAccount,
  forgetDebtorAccount,
  forgetReferenceData,
  isCurrentReference,
  referenceData,
  type ReferenceData,
} from "@/lib/server/domain/payments/known-data";
import { recordSubmission, type DebtorAccount, type NewPayment, type PaymentDetails } from "@/lib/server/domain/payments/repo";
import type { TSubmission, TSubmissionOutcome } from "@/lib/server/domain/payments/submission";
import type { TPaymentResponse, TRail } from "@/lib/contract/payments/schema";
import { toPaymentResponse } from "@/lib/server/domain/payments/serialize";
import { settlementRunAt } from "@/lib/contract/payments/settlement-date";
import { auditIp } from "@/lib/server/core/audit/write";

export const SETTLE_TASK = "payment.settle";
export const SIMULATE_LOCK_UNAVAILABLE = "DEDUPE_LOCK_UNAVAILABLE";

/** A person's approval of the draft a payment was made from. */
export type Approval = { email: string; decidedAt: string };

/** What an adapter passes besides the rail's body: the environment's knobs and, for an approved draft, its approvers. */
export type PaymentOptions = {
  lockTimeoutMs: number;
  /** The Sandbox-Simulate header, already dropped outside uat. */
  simulate: string | null;
  /** The approvers of the draft this payment is made from; the maker is the unit's person. Absent: no draft. */
  approvedBy?: Approval[];
};

/** A rail use case's input: its request body and the options. */
export type PaymentInput<B> = PaymentOptions & { body: B };

/** Who submits (the unit's actor), when (its clock), and the options. */
type PaymentContext = Actor & PaymentOptions & { now: Date };

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
};

const DUPLICATE_CODE = {
  ACH: "ACH_LOCAL_DUPLICATE_INSTRUCTION_ID",
  SWIFT: "PAYMENT_DUPLICATE_INSTRUCTION_ID",
  INTERNAL: "INTERNAL_TRANSFER_DUPLICATE_INSTRUCTION_ID",
} as const;

/** Unknown, foreign and inactive accounts answer alike (no existence oracle). */
export function notAnActiveAccount(field: "debtorAccount.identification" | "creditorAccount.identification"): ApiError {
  return new ApiError("VALIDATION_ERROR", `${field} must be one of your active accounts.`, { field });
}
const notAnActiveDebtor = () => notAnActiveAccount("debtorAccount.identification");

/** A reference-data change racing a submission makes it decide again; a few in a row mean something is wrong. */
const MAX_DECISIONS = 3;

function dedupeUnavailable(): ApiError {
  return new ApiError("DEDUPE_LOCK_UNAVAILABLE", "The duplicate check is busy; nothing was submitted. Retry with the same values.", {
    headers: { "Retry-After": "1" },
  });
}

function duplicateInstruction(draft: PaymentDraft): ApiError {
  return new ApiError(
    DUPLICATE_CODE[draft.rail],
    `instructionIdentification ${draft.instructionIdentification} was already used in the last 24 hours; query the payment status instead of posting again.`,
    { field: "instructionIdentification" },
  );
}

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
    status: covered ? (draft.creditor ? "Completed" : "Pending") : "Failed",
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
    funds_held: covered && !draft.creditor,
    details: {
      ...draft.details,
      ...(ctx.person ? { submittedBy: ctx.person } : {}),
      ...(ctx.approvedBy?.length ? { approvedBy: ctx.approvedBy } : {}),
      failureReason: covered
        ? null
        : { code: "INSUFFICIENT_FUNDS", message: `The available balance of ${draft.debtor.account_number} does not cover ${total} ${draft.debtor.currency}.` },
    },
    remittance_information: draft.remittanceInformation,
  };
}

/** One outcome: the payment, its audit row and the response a replay returns. */
function outcome(ctx: PaymentContext, draft: PaymentDraft, ids: Ids, covered: boolean): { response: TPaymentResponse; record: TSubmissionOutcome } {
  const payment = paymentRecord(ctx, draft, ids, covered);
  const response = toPaymentResponse(payment);
  return {
    response,
    record: {
      payment: { ...payment, failure_reason: payment.details.failureReason?.code ?? null },
      audit: {
        client_id: ctx.clientId,
        actor: ctx.actor,
        action: covered ? "payment.created" : "payment.rejected",
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
      body: JSON.stringify(response),
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

/**
 * Records a decided payment as one statement (SQL submit_payment): the
 * instructionIdentification guard (409, or 503 when its lock wait runs out;
 * spec §4.3 rules 7-8), the ledger entry (debit of principal and charge,
 * covered under the account's row lock, with the bank-side postings), the
 * payment with its audit row and its settlement task commit together, with
 * the unit of work's stored response. Insufficient funds is a recorded
 * `Failed` payment, not an error (decisions §5). Both outcomes are built
 * here, so every rule stays in TypeScript and the database only applies the
 * one the ledger allows.
 */
async function record(
  unit: Unit,
  ctx: PaymentContext,
  draft: PaymentDraft,
  referenceVersion: string,
): Promise<TPaymentResponse | "StaleReference" | "InactiveDebtor"> {
  if (ctx.simulate === SIMULATE_LOCK_UNAVAILABLE) throw dedupeUnavailable();
  const ids = { paymentId: randomUUID(), uniqueIdentifier: `HBR${randomBytes(10).toString("hex").toUpperCase()}` };
  const accepted = outcome(ctx, draft, ids, true);
  const failed = outcome(ctx, draft, ids, false);
  const settles = draft.creditor
    ? {}
    : {
        task: {
          kind: SETTLE_TASK,
          payload: { paymentId: ids.paymentId },
          runAt: settlementRunAt(draft.settlementDate).toISOString(),
          dedupeKey: ids.paymentId,
        },
      };
  const written = await recordSubmission(unit, {
    clientId: ctx.clientId,
    rail: draft.rail,
    paymentId: ids.paymentId,
    referenceVersion,
    activeStatuses: ACTIVE_ACCOUNT_STATUSES,
    instructionIdentification: draft.instructionIdentification,
    lockTimeout: `${ctx.lockTimeoutMs}ms`,
    debtorAccountId: draft.debtor.account_id,
    creditorAccountId: draft.creditor?.account_id ?? null,
    accepted: { ...accepted.record, entry: entryOf(ctx, draft, ids), ...settles },
    failed: failed.record,
  }).catch((error: unknown) => {
    // The guard's lock_timeout backstop (SQL submit_payment): the batch was rolled back, nothing was submitted.
    if ((error as { code?: unknown })?.code === "55P03") throw dedupeUnavailable();
    throw error;
  });
  switch (written) {
    case "Accepted":
      return accepted.response;
    case "Failed":
      return failed.response;
    case "Duplicate":
      throw duplicateInstruction(draft);
    case "GuardBusy":
      throw dedupeUnavailable();
    case "ClaimLost":
      throw requestInProgress();
    case "InactiveCreditor":
      forgetDebtorAccount(unit.db, ctx.clientId, draft.creditor!.account_number);
      throw notAnActiveAccount("creditorAccount.identification");
    default:
      return written;
  }
}

/** Turns a validated request into a payment draft, given its debtor account, the reference data and the clock; throws ApiError for a rule it breaks. */
export type Decide = (debtor: DebtorAccount, reference: ReferenceData, now: Date) => PaymentDraft;

/** A money rail's request, as dual control judges it. */
type RailRequest = Exclude<DraftRequest, { rail: "VIRTUAL_ACCOUNT_BATCH" }>;

/**
 * Submits a payment in one round trip when the debtor account and the
 * reference data are already known to this process (lib/server/domain/payments/known-data.ts),
 * and in its own transaction, so the debtor account's row lock is held only
 * for the rest of that statement and its commit. The database refuses a
 * decision made with stale reference data (decide again) or for an account
 * no longer active (400, as for any account not the caller's).
 */
export async function submitPayment(unit: Unit, options: PaymentOptions, payment: RailRequest, decide: Decide): Promise<TPaymentResponse> {
  const { db } = unit;
  const ctx: PaymentContext = { ...unit.actor, ...options, now: unit.now };
  const debtorAccountNumber = payment.request.debtorAccount.identification;
  await assertNotHeldBack(db, unit.actor, payment, options.approvedBy !== undefined);
  for (let decision = 1; ; decision++) {
    const reference = await referenceData(db);
    const debtor = await debtorAccount(db, ctx.clientId, debtorAccountNumber, isActiveStatus);
    if (!debtor || !isActiveStatus(debtor.status)) throw notAnActiveDebtor();
    let draft: PaymentDraft;
    try {
      draft = decide(debtor, reference, ctx.now);
    } catch (error) {
      // A refusal decided on kept data stands only if that data is still current.
      if (await isCurrentReference(db, reference.version)) throw error;
      forgetReferenceData(db);
      continue;
    }
    const recorded = await record(unit, ctx, draft, reference.version);
    if (typeof recorded !== "string") return recorded;
    if (recorded === "InactiveDebtor") {
      forgetDebtorAccount(db, ctx.clientId, debtorAccountNumber);
      throw notAnActiveDebtor();
    }
    forgetReferenceData(db);
    if (decision === MAX_DECISIONS) {
      throw new ApiError("SERVICE_UNAVAILABLE", "The bank's reference data is being updated; nothing was submitted. Retry in a moment.", {
        headers: { "Retry-After": "1" },
      });
    }
  }
}
