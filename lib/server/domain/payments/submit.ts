import "server-only";
import { ApiError } from "@/lib/contract/http/errors";
import type { Unit } from "@/lib/server/core/unit";
import { assertNoneHeldBack } from "@/lib/server/domain/dual-control/policies";
import type { DraftRequest } from "@/lib/contract/approvals/policy";
import { requestInProgress } from "@/lib/server/core/idempotency/transaction";
import { isActiveStatus } from "@/lib/contract/accounts/schema";
import {
  debtorAccount,
  forgetDebtorAccount,
  forgetReferenceData,
  isCurrentReference,
  referenceData,
  type ReferenceData,
} from "@/lib/server/domain/payments/known-data";
import { recordSubmissionsOf, type DebtorAccount } from "@/lib/server/domain/payments/repo";
import type { SubmissionResult } from "@/lib/server/domain/payments/submission";
import type { TPaymentResponse } from "@/lib/contract/payments/schema";
import {
  prepareSubmission,
  type Approval,
  type PaymentContext,
  type PaymentDraft,
  type Prepared,
  type ScheduledOrigin,
} from "@/lib/server/domain/payments/record";
import { scheduleOf } from "@/lib/contract/payments/schedule";

export const SIMULATE_LOCK_UNAVAILABLE = "DEDUPE_LOCK_UNAVAILABLE";

/** What an adapter passes besides the rail's body: the environment's knobs and, for an approved draft, its approvers. */
export type PaymentOptions = {
  lockTimeoutMs: number;
  /** The Sandbox-Simulate header, already dropped outside uat. */
  simulate: string | null;
  /** The approvers of the draft this payment is made from; the maker is the unit's person. Absent: no draft. */
  approvedBy?: Approval[];
  /** A payment run applied its organisation's policy to the whole run (rail BATCH): its items are not held back one by one. */
  policyApplied?: boolean;
  /** The worker making a Scheduled payment on its day (lib/server/domain/payments/scheduled.ts). */
  made?: ScheduledOrigin;
  /** A standing order's occurrence (lib/server/domain/standing-orders). */
  standingOrderId?: string;
  /**
   * A payment of the past (the uat demo's history, docs/demo-data.md): recorded and booked at the unit's clock rather
   * than when written. The ledger refuses one earlier than a posting already on its accounts, so such payments are
   * made oldest first; live payments never set it (their booking follows the accounts' row locks).
   */
  backDated?: boolean;
};

/** A rail use case's input: its request body and the options. */
export type PaymentInput<B> = PaymentOptions & { body: B };

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

const referenceBusy = () =>
  new ApiError("SERVICE_UNAVAILABLE", "The bank's reference data is being updated; nothing was submitted. Retry in a moment.", {
    headers: { "Retry-After": "1" },
  });

/** Turns a validated request into a payment draft, given its debtor account, the reference data and the clock; throws ApiError for a rule it breaks. */
export type Decide = (debtor: DebtorAccount, reference: ReferenceData, now: Date) => PaymentDraft;

/** A money rail's request, as dual control judges it. */
type RailRequest = Exclude<DraftRequest, { rail: "VIRTUAL_ACCOUNT_BATCH" } | { rail: "BATCH" }>;

/** A rail's request with its rules: what each rail's use case hands to submitPayments. */
export type RailDecision = { payment: RailRequest; decide: Decide };

/** What one item came to: its response, or why nothing was made (an ApiError), or "again" (decide with fresh reference data). */
type Written = TPaymentResponse | ApiError | "again";

/**
 * A decision for a later bank day (requestedExecutionDate, docs/scheduling.md) is made with that day's rules (its
 * settlement date, its rate) and recorded Scheduled with the request, which the worker makes on the day.
 */
function decideDated(unit: Unit, { payment, decide }: RailDecision, debtor: DebtorAccount, reference: ReferenceData, lateAllowed: boolean): PaymentDraft {
  const schedule = scheduleOf(payment.request.requestedExecutionDate, unit.now, reference.holidays, lateAllowed);
  if (schedule.kind === "refused") throw new ApiError("VALIDATION_ERROR", schedule.message, { field: "requestedExecutionDate" });
  if (schedule.kind === "now") return decide(debtor, reference, unit.now);
  return { ...decide(debtor, reference, schedule.decideAt), schedule: { executionDate: schedule.executionDate, request: payment.request } };
}

/** Decides one item with the kept reference data and debtor account; a refusal stands only if that data is still current. */
async function draftOne(unit: Unit, decision: RailDecision, lateAllowed: boolean): Promise<{ draft: PaymentDraft; version: string } | ApiError | "again"> {
  const reference = await referenceData(unit.db);
  const debtor = await debtorAccount(unit.db, unit.actor.clientId, decision.payment.request.debtorAccount.identification, isActiveStatus);
  if (!debtor || !isActiveStatus(debtor.status)) return notAnActiveDebtor();
  try {
    return { draft: decideDated(unit, decision, debtor, reference, lateAllowed), version: reference.version };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (await isCurrentReference(unit.db, reference.version)) return error;
    forgetReferenceData(unit.db);
    return "again";
  }
}

/**
 * The rails' rules applied to each request without making anything: the
 * refusal each would get now (null when it would be made). A payment run
 * checks its whole file with it before accepting any of it.
 */
export async function checkDecisions(unit: Unit, decisions: readonly RailDecision[]): Promise<Array<ApiError | null>> {
  const refusals: Array<ApiError | null> = [];
  for (const decision of decisions) {
    let decided = await draftOne(unit, decision, false);
    for (let round = 2; decided === "again" && round <= MAX_DECISIONS; round++) decided = await draftOne(unit, decision, false);
    refusals.push(decided === "again" ? referenceBusy() : decided instanceof ApiError ? decided : null);
  }
  return refusals;
}

/** What SQL submit_payments wrote for an item, as its answer. */
function interpret(unit: Unit, prepared: Prepared, written: SubmissionResult): Written {
  const { draft } = prepared;
  switch (written) {
    case "Accepted":
      return prepared.accepted();
    case "Failed":
      return prepared.failed();
    case "Duplicate":
      return duplicateInstruction(draft);
    case "GuardBusy":
      return dedupeUnavailable();
    case "ClaimLost":
      return requestInProgress();
    case "InactiveDebtor":
      forgetDebtorAccount(unit.db, unit.actor.clientId, draft.debtor.account_number);
      return notAnActiveDebtor();
    case "InactiveCreditor":
      forgetDebtorAccount(unit.db, unit.actor.clientId, draft.creditor!.account_number);
      return notAnActiveAccount("creditorAccount.identification");
    case "StaleReference":
      forgetReferenceData(unit.db);
      return "again";
  }
}

/**
 * The set-based form of every rail's use case: decides each request with the
 * rail's rules and records all of them together (SQL submit_payments: in the
 * unit's transaction one statement for all; on the pool each joins the
 * process's group commit, lib/server/domain/payments/repo.ts). Each item's
 * answer is its payment response or the ApiError a single request would have
 * got: one item's refusal never stops another. A decision made with reference
 * data the database finds stale is made again (a few times at most).
 */
export async function submitPayments(unit: Unit, options: PaymentOptions, decisions: readonly RailDecision[]): Promise<Array<TPaymentResponse | ApiError>> {
  const ctx: PaymentContext = {
    ...unit.actor,
    now: unit.now,
    lockTimeoutMs: options.lockTimeoutMs,
    approvedBy: options.approvedBy,
    made: options.made,
    standingOrderId: options.standingOrderId,
    backDated: options.backDated,
  };
  // A date already passed is made now only when nobody could have sent it then: an approval, or the worker on the day.
  const lateAllowed = options.approvedBy !== undefined || options.made !== undefined;
  const answers = new Array<TPaymentResponse | ApiError>(decisions.length);
  const approved = options.approvedBy !== undefined || options.policyApplied === true;
  let pending = decisions.map((_, i) => i);
  await assertNoneHeldBack(
    unit.db,
    unit.actor,
    decisions.map((d) => d.payment),
    approved,
  );
  for (let round = 1; pending.length > 0; round++) {
    if (round > MAX_DECISIONS) {
      for (const i of pending) answers[i] = referenceBusy();
      break;
    }
    const again: number[] = [];
    const ready: Array<{ index: number; prepared: Prepared }> = [];
    for (const index of pending) {
      const decided = await draftOne(unit, decisions[index]!, lateAllowed);
      if (decided === "again") again.push(index);
      else if (decided instanceof ApiError) answers[index] = decided;
      else ready.push({ index, prepared: prepareSubmission(ctx, decided.draft, decided.version, unit.responseSlot !== null) });
    }
    if (ready.length > 0 && options.simulate === SIMULATE_LOCK_UNAVAILABLE) throw dedupeUnavailable();
    const written = await recordSubmissionsOf(
      unit,
      ready.map((r) => r.prepared.submission),
    ).catch((error: unknown) => {
      // The guard's lock_timeout backstop (SQL submit_payments): the statement was rolled back, nothing was submitted.
      if ((error as { code?: unknown })?.code === "55P03") throw dedupeUnavailable();
      throw error;
    });
    ready.forEach(({ index, prepared }, k) => {
      const answer = interpret(unit, prepared, written[k]!);
      if (answer === "again") again.push(index);
      else answers[index] = answer;
    });
    pending = again.sort((a, b) => a - b);
  }
  return answers;
}

/** One payment (each rail's use case): the set-based form with one item, its refusal thrown. */
export async function submitPayment(unit: Unit, options: PaymentOptions, decision: RailDecision): Promise<TPaymentResponse> {
  const [answer] = await submitPayments(unit, options, [decision]);
  if (answer instanceof ApiError) throw answer;
  return answer!;
}
