import { randomBytes, randomUUID } from "node:crypto";
import type { PoolClient } from "pg";
import type { AccountRow } from "@/lib/accounts/repo";
import { findAccountByNumber } from "@/lib/accounts/repo";
import { ApiError } from "@/lib/http/errors";
import { enqueueTask } from "@/lib/jobs/queue";
import { debitIfCovered } from "@/lib/ledger/ledger";
import { formatAmount } from "@/lib/money";
import { claimInstructionId, insertPayment, rollbackToSavepoint, savepoint, releaseInstructionId, type PaymentDetails, type PaymentRow } from "@/lib/payments/repo";
import type { TRail } from "@/lib/payments/schema";
import { settlementRunAt } from "@/lib/payments/settlement-date";

export const SETTLE_TASK = "payment.settle";
export const SIMULATE_LOCK_UNAVAILABLE = "DEDUPE_LOCK_UNAVAILABLE";
const SUBMIT_SAVEPOINT = "submit_payment";

/** Who submits, when, and the environment's knobs. */
export type PaymentContext = {
  clientId: string;
  actor: string;
  now: Date;
  lockTimeoutMs: number;
  /** The Sandbox-Simulate header, already dropped outside uat. */
  simulate: string | null;
};

/** Called with the Pending payment just before the funds are reserved (the pipeline stores the response there). */
export type BeforeDebit = (payment: PaymentRow) => Promise<void>;

export type PaymentDraft = {
  rail: TRail;
  debtor: AccountRow;
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

const ACTIVE = new Set(["Active", "ACTIVE"]);
const DUPLICATE_CODE = { ACH: "ACH_LOCAL_DUPLICATE_INSTRUCTION_ID", SWIFT: "PAYMENT_DUPLICATE_INSTRUCTION_ID" } as const;

/** The caller's own active account; unknown, foreign and inactive answer alike (no existence oracle). */
export async function activeDebtorAccount(tx: PoolClient, clientId: string, identification: string): Promise<AccountRow> {
  const account = await findAccountByNumber(tx, clientId, identification);
  if (!account || !ACTIVE.has(account.status)) {
    throw new ApiError("VALIDATION_ERROR", "debtorAccount.identification must be one of your active accounts.", {
      field: "debtorAccount.identification",
    });
  }
  return account;
}

function dedupeUnavailable(): ApiError {
  return new ApiError("DEDUPE_LOCK_UNAVAILABLE", "The duplicate check is busy; nothing was submitted. Retry with the same values.", {
    headers: { "Retry-After": "1" },
  });
}

function isLockTimeout(error: unknown): boolean {
  return (error as { code?: unknown })?.code === "55P03";
}

/** Takes the instructionIdentification or answers 409/503 (spec §4.3 rules 7-8). */
async function guardInstructionId(tx: PoolClient, ctx: PaymentContext, draft: PaymentDraft, paymentId: string): Promise<void> {
  if (ctx.simulate === SIMULATE_LOCK_UNAVAILABLE) throw dedupeUnavailable();
  if (draft.instructionIdentification === null) return;
  let claimed: boolean;
  try {
    claimed = await claimInstructionId(tx, ctx.clientId, draft.rail, draft.instructionIdentification, paymentId, ctx.lockTimeoutMs);
  } catch (error) {
    if (isLockTimeout(error)) throw dedupeUnavailable();
    throw error;
  }
  if (!claimed) {
    throw new ApiError(
      DUPLICATE_CODE[draft.rail],
      `instructionIdentification ${draft.instructionIdentification} was already used in the last 24 hours; query the payment status instead of posting again.`,
      { field: "instructionIdentification" },
    );
  }
}

/** Debits principal, then charge; false when either is not covered (the caller rolls both back). */
async function reserveFunds(tx: PoolClient, ctx: PaymentContext, draft: PaymentDraft, paymentId: string): Promise<boolean> {
  const base = { clientId: ctx.clientId, accountId: draft.debtor.account_id, currency: draft.debtor.currency, reference: paymentId };
  if ((await debitIfCovered(tx, { ...base, amountMinor: -draft.debitMinor, kind: "payment" })) === null) return false;
  if (draft.chargeMinor === 0n) return true;
  return (await debitIfCovered(tx, { ...base, amountMinor: -draft.chargeMinor, kind: "payment_charge" })) !== null;
}

/** The payment row with its audit row, and its settlement task (Pending only). */
async function recordPayment(tx: PoolClient, ctx: PaymentContext, draft: PaymentDraft, ids: { paymentId: string; uniqueIdentifier: string }, covered: boolean): Promise<PaymentRow> {
  const total = formatAmount(draft.debitMinor + draft.chargeMinor, draft.debtor.currency);
  const row = await insertPayment(tx, {
    client_id: ctx.clientId,
    payment_id: ids.paymentId,
    unique_identifier: ids.uniqueIdentifier,
    rail: draft.rail,
    status: covered ? "Pending" : "Failed",
    debtor_account_id: draft.debtor.account_id,
    debtor_account_number: draft.debtor.account_number,
    instruction_identification: draft.instructionIdentification,
    debit_minor: draft.debitMinor.toString(),
    debit_currency: draft.debtor.currency,
    credit_minor: draft.creditMinor.toString(),
    credit_currency: draft.creditCurrency,
    exchange_rate: draft.exchangeRate,
    charge_minor: draft.chargeMinor.toString(),
    charges_type: draft.chargesType,
    settlement_date: draft.settlementDate,
    funds_held: covered,
    details: {
      ...draft.details,
      failureReason: covered
        ? null
        : { code: "INSUFFICIENT_FUNDS", message: `The available balance of ${draft.debtor.account_number} does not cover ${total} ${draft.debtor.currency}.` },
    },
    remittance_information: draft.remittanceInformation,
  }, {
    clientId: ctx.clientId,
    actor: ctx.actor,
    action: covered ? "payment.created" : "payment.rejected",
    entity: "payment",
    entityId: ids.paymentId,
    data: { rail: draft.rail, status: covered ? "Pending" : "Failed", debit: `${formatAmount(draft.debitMinor, draft.debtor.currency)} ${draft.debtor.currency}` },
  });
  if (covered) {
    const runAt = settlementRunAt(draft.settlementDate);
    await enqueueTask(tx, SETTLE_TASK, { paymentId: ids.paymentId }, { clientId: ctx.clientId, runAt, dedupeKey: ids.paymentId });
  }
  return row;
}

/**
 * Submits a validated payment in the caller's transaction: instruction-id
 * guard, the payment row, its settlement task, its audit row and the funds
 * reservation commit together (with the idempotent response, stored by the
 * pipeline in the same transaction). Insufficient funds is a recorded
 * `Failed` payment, not an error (decisions §5).
 *
 * The debit comes last on purpose: it takes the debtor account's row lock,
 * which is then held only for the debit and the commit (`beforeDebit` lets
 * the pipeline store the response before it), so concurrent payments from
 * one account queue for as short as possible. When funds are short, the savepoint undoes the optimistic
 * Pending records and the Failed payment is written instead.
 */
export async function submitPayment(tx: PoolClient, ctx: PaymentContext, draft: PaymentDraft, beforeDebit?: BeforeDebit): Promise<PaymentRow> {
  const ids = { paymentId: randomUUID(), uniqueIdentifier: `HBR${randomBytes(10).toString("hex").toUpperCase()}` };
  await guardInstructionId(tx, ctx, draft, ids.paymentId);
  await savepoint(tx, SUBMIT_SAVEPOINT);
  const pending = await recordPayment(tx, ctx, draft, ids, true);
  await beforeDebit?.(pending);
  if (await reserveFunds(tx, ctx, draft, ids.paymentId)) return pending;
  await rollbackToSavepoint(tx, SUBMIT_SAVEPOINT);
  if (draft.instructionIdentification !== null) {
    await releaseInstructionId(tx, ctx.clientId, draft.rail, draft.instructionIdentification, ids.paymentId);
  }
  return recordPayment(tx, ctx, draft, ids, false);
}
