import "server-only";
import { microBatch } from "@/lib/server/core/db/micro-batch";
import type { Queryable } from "@/lib/server/core/db/types";
import type { Unit } from "@/lib/server/core/unit";
import type { ResponseSlot } from "@/lib/server/core/idempotency/repo";
import type { SubmissionResult, TSubmission } from "@/lib/server/domain/payments/submission";
import type { TPaymentStatus, TRail } from "@/lib/contract/payments/schema";
import type { TReturnReason } from "@/lib/contract/payments/returns";

/** The only SQL for payments and their reference data. The tenant is in every WHERE on client data. */

export type StoredAgent = { schemeName: string; identification: string | null; name: string | null; additionalInformation: string[] | null };

/** What the response echoes from the request, kept as one jsonb document. */
export type PaymentDetails = {
  creditorAccount: { schemeName: string; identification: string; name: string; additionalInformation: string[] | null };
  beneficiaryAgent: StoredAgent;
  intermediaryAgent: StoredAgent | null;
  /** The payee (lib/server/domain/counterparties) it was made to, when the request named one. */
  counterpartyId?: string;
  failureReason: { code: string; message: string } | null;
  /** The person who made it or drafted it (absent for an integration's payment). */
  submittedBy?: { userId: string; email: string };
  /** Who approved the draft it was made from (absent without a draft). */
  approvedBy?: Array<{ email: string; decidedAt: string }>;
  /** Why the beneficiary's bank returned it (a return, docs/payments.md). */
  returnReason?: TReturnReason;
};

export type PaymentRow = {
  client_id: string;
  payment_id: string;
  unique_identifier: string;
  rail: TRail;
  status: TPaymentStatus;
  debtor_account_id: string;
  debtor_account_number: string;
  instruction_identification: string | null;
  /** Internal transfers: the credited account. */
  creditor_account_id: string | null;
  debit_minor: string;
  debit_currency: string;
  credit_minor: string;
  credit_currency: string;
  exchange_rate: string | null;
  charge_minor: string;
  charges_type: "OUR" | "BEN" | "SHA" | null;
  settlement_date: string;
  funds_held: boolean;
  details: PaymentDetails;
  remittance_information: string[];
  /** A scheduled payment's bank day (docs/scheduling.md); null for a payment made when it was asked for. */
  execution_date: string | null;
  /** The standing order it is an occurrence of. */
  standing_order_id: string | null;
  created_at: Date;
};

/** A payment as recorded; a Scheduled one keeps the rail's request the worker makes it with on its day. */
export type NewPayment = Omit<PaymentRow, "created_at"> & { scheduled_request: unknown };

export const PAYMENT_COLUMNS = `client_id, payment_id::text, unique_identifier, rail, status, debtor_account_id, debtor_account_number, creditor_account_id,
  instruction_identification, debit_minor::text, debit_currency, credit_minor::text, credit_currency, exchange_rate,
  charge_minor::text, charges_type, settlement_date::text, funds_held, details, remittance_information,
  execution_date::text, standing_order_id::text, created_at`;

export async function findPayment(db: Queryable, clientId: string, paymentId: string): Promise<PaymentRow | null> {
  const { rows } = await db.query<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE client_id = $1 AND payment_id = $2`, [clientId, paymentId]);
  return rows[0] ?? null;
}

/** Whose payment this is: for the bank's operators (the ops command line), who act across clients. */
export async function findPaymentClient(db: Queryable, paymentId: string): Promise<string | null> {
  const { rows } = await db.query<{ client_id: string }>("SELECT client_id FROM payments WHERE payment_id = $1", [paymentId]);
  return rows[0]?.client_id ?? null;
}

/** Row-locks the payment for a lifecycle move, so two moves of one payment serialise. */
export async function lockPayment(db: Queryable, clientId: string, paymentId: string): Promise<PaymentRow | null> {
  const { rows } = await db.query<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE client_id = $1 AND payment_id = $2 FOR UPDATE`, [
    clientId,
    paymentId,
  ]);
  return rows[0] ?? null;
}

export async function updatePaymentStatus(
  db: Queryable,
  clientId: string,
  paymentId: string,
  status: TPaymentStatus,
  fundsHeld: boolean,
  returnReason: TReturnReason | null = null,
  at: Date | null = null,
): Promise<PaymentRow> {
  const { rows } = await db.query<PaymentRow>(
    `UPDATE payments SET status = $3, funds_held = $4, updated_at = coalesce($6, now()),
       details = CASE WHEN $5::jsonb IS NULL THEN details ELSE details || jsonb_build_object('returnReason', $5::jsonb) END
     WHERE client_id = $1 AND payment_id = $2 RETURNING ${PAYMENT_COLUMNS}`,
    [clientId, paymentId, status, fundsHeld, returnReason ? JSON.stringify(returnReason) : null, at],
  );
  return rows[0]!;
}

// ---- submission --------------------------------------------------------------

/** The debtor account as a submission needs it. */
export type DebtorAccount = { account_id: string; account_number: string; currency: string; status: string };

export async function findDebtorAccount(db: Queryable, clientId: string, accountNumber: string): Promise<DebtorAccount | null> {
  const { rows } = await db.query<DebtorAccount>({
    name: "payments-debtor-account",
    text: "SELECT account_id, account_number, currency, status FROM accounts WHERE client_id = $1 AND account_number = $2",
    values: [clientId, accountNumber],
  });
  return rows[0] ?? null;
}

/** All reference data a submission decides with, with its version, in one snapshot. */
export type ReferenceRows = {
  version: string;
  bankCodes: Array<{ bankCode: string; currency: string; name: string }>;
  /** The rate in effect now for each pair and every later one, each with its effective time (ISO); the kept data chooses by time. */
  rates: Array<{ from: string; to: string; rate: string; effectiveAt: string }>;
  holidays: string[];
  /** ACH same-day cut-off, bank time `HH:MM`. */
  achCutoff: string;
};

export async function referenceVersion(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ version: string }>("SELECT version::text AS version FROM reference_data_version");
  return rows[0]!.version;
}

export async function loadReferenceRows(db: Queryable): Promise<ReferenceRows> {
  const { rows } = await db.query<ReferenceRows>(
    `SELECT (SELECT version::text FROM reference_data_version) AS version,
       (SELECT coalesce(json_agg(json_build_object('bankCode', bank_code, 'currency', currency, 'name', name)), '[]') FROM bank_codes) AS "bankCodes",
       (SELECT coalesce(json_agg(json_build_object('from', from_currency, 'to', to_currency, 'rate', rate::text, 'effectiveAt', effective_at) ORDER BY effective_at), '[]')
          FROM fx_rates f
          WHERE effective_at > now()
             OR effective_at = (SELECT max(effective_at) FROM fx_rates g
                                WHERE g.from_currency = f.from_currency AND g.to_currency = f.to_currency AND g.effective_at <= now())) AS rates,
       ARRAY(SELECT holiday_date::text FROM bank_holidays ORDER BY holiday_date) AS holidays,
       (SELECT to_char(ach_cutoff, 'HH24:MI') FROM settlement_settings) AS "achCutoff"`,
  );
  return rows[0]!;
}

type BatchItem = { submission: TSubmission; slot: ResponseSlot | null };

/**
 * Submissions in flight per database handle, and how many items one round
 * trip may carry: a few concurrent batches leave the rest of the pool to
 * reads, and a batch's locks and commit wait stay short.
 */
const BATCH_LIMITS = { maxInFlight: 4, maxBatch: 32 };
const batchers = new WeakMap<object, (item: BatchItem) => Promise<SubmissionResult>>();

/** The debtor account's row, as the order in which a batch locks them. */
function lockOrderOf(item: BatchItem): string {
  return `${item.submission.clientId}\u0000${item.submission.debtorAccountId}`;
}

/**
 * PostgreSQL gave up one of two transactions (deadlock, serialization): the
 * statement wrote nothing, so a batch in its own transaction simply runs
 * again. The accounts are locked in one order, but a batch also touches other
 * rows (list counts, the dedupe guard) that a failing item reaches in another.
 */
const RETRYABLE = new Set(["40P01", "40001"]);
const MAX_ATTEMPTS = 5;

async function retried<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !RETRYABLE.has((error as { code?: string })?.code ?? "")) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}

/** One round trip for the batch, in debtor-account order; outcomes in the callers' order. */
async function recordSubmissions(db: Queryable, items: BatchItem[], inTransaction: boolean): Promise<SubmissionResult[]> {
  const keys = items.map(lockOrderOf);
  const order = items.map((_, i) => i).sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : 0));
  const submit = () =>
    db.query<{ outcomes: SubmissionResult[] }>({
      name: "payments-submit-batch",
      text: "SELECT submit_payments($1) AS outcomes",
      values: [JSON.stringify(order.map((i) => items[i]))],
    });
  // Inside the caller's transaction a deadlock aborts that transaction: it is the caller's to retry.
  const { rows } = inTransaction ? await submit() : await retried(submit);
  const outcomes = new Array<SubmissionResult>(items.length);
  order.forEach((itemIndex, position) => (outcomes[itemIndex] = rows[0]!.outcomes[position]!));
  return outcomes;
}

/**
 * Applies a submission (SQL submit_payments, migrations/functions/payments.sql):
 * the checks of what the app decided with, the instructionIdentification
 * guard, the ledger entry (its debit covered or nothing), the payment with its
 * audit row and settlement task; around it, in the same transaction, the
 * unit of work's Idempotency-Key claim is held and given the response
 * (submit_payments). Submissions arriving together share one round trip and
 * one commit. Returns which outcome was written, or why nothing was.
 */
export async function recordSubmission(unit: Pick<Unit, "db" | "inTransaction" | "responseSlot">, submission: TSubmission): Promise<SubmissionResult> {
  // A transfer locks two accounts (in account order, SQL ledger_post_entry); in a group its
  // second lock could come after another item's and break the group's one lock order, so it
  // goes alone. A submission in the caller's transaction (an approval's) commits with it, alone.
  if (submission.creditorAccountId !== null || unit.inTransaction)
    return (await recordSubmissions(unit.db, [{ submission, slot: unit.responseSlot }], unit.inTransaction))[0]!;
  let submit = batchers.get(unit.db);
  if (!submit) batchers.set(unit.db, (submit = microBatch((items: BatchItem[]) => recordSubmissions(unit.db, items, false), BATCH_LIMITS)));
  return submit({ submission, slot: unit.responseSlot });
}

/**
 * Many submissions of one unit: in the unit's transaction, one statement for
 * all (a payment run's chunk commits with its results); on the pool, each as
 * recordSubmission. A unit's Idempotency-Key claim stores one response, so it
 * goes with a single submission only.
 */
export async function recordSubmissionsOf(
  unit: Pick<Unit, "db" | "inTransaction" | "responseSlot">,
  submissions: readonly TSubmission[],
): Promise<SubmissionResult[]> {
  if (submissions.length === 0) return [];
  if (submissions.length > 1 && unit.responseSlot) throw new Error("recordSubmissionsOf: an Idempotency-Key claim answers for one submission, not many");
  // On the pool (no transaction) each submission takes a connection of its own; one submission is one query chain.
  // eslint-disable-next-line no-restricted-syntax
  if (submissions.length === 1 || !unit.inTransaction) return Promise.all(submissions.map((submission) => recordSubmission(unit, submission)));
  return recordSubmissions(
    unit.db,
    submissions.map((submission) => ({ submission, slot: null })),
    true,
  );
}
