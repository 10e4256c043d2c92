import type { Queryable } from "@/lib/db/types";
import type { ResponseSlot } from "@/lib/idempotency/repo";
import type { TPaymentStatus, TRail } from "@/lib/payments/schema";

/** The only SQL for payments and their reference data. The tenant is in every WHERE on client data. */

export type StoredAgent = { schemeName: string; identification: string | null; name: string | null; additionalInformation: string[] | null };

/** What the response echoes from the request, kept as one jsonb document. */
export type PaymentDetails = {
  creditorAccount: { schemeName: string; identification: string; name: string; additionalInformation: string[] | null };
  beneficiaryAgent: StoredAgent;
  intermediaryAgent: StoredAgent | null;
  failureReason: { code: string; message: string } | null;
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
  created_at: Date;
};

export type NewPayment = Omit<PaymentRow, "created_at">;

const COLUMNS = `client_id, payment_id::text, unique_identifier, rail, status, debtor_account_id, debtor_account_number,
  instruction_identification, debit_minor::text, debit_currency, credit_minor::text, credit_currency, exchange_rate,
  charge_minor::text, charges_type, settlement_date::text, funds_held, details, remittance_information, created_at`;

export type AuditEntry = { clientId: string; actor: string; action: string; entity: string; entityId: string; data: Record<string, unknown> };

export async function findPayment(db: Queryable, clientId: string, paymentId: string): Promise<PaymentRow | null> {
  const { rows } = await db.query<PaymentRow>(`SELECT ${COLUMNS} FROM payments WHERE client_id = $1 AND payment_id = $2`, [clientId, paymentId]);
  return rows[0] ?? null;
}

/** Row-locks the payment for a lifecycle move, so two moves of one payment serialise. */
export async function lockPayment(db: Queryable, clientId: string, paymentId: string): Promise<PaymentRow | null> {
  const { rows } = await db.query<PaymentRow>(`SELECT ${COLUMNS} FROM payments WHERE client_id = $1 AND payment_id = $2 FOR UPDATE`, [
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
): Promise<PaymentRow> {
  const { rows } = await db.query<PaymentRow>(
    `UPDATE payments SET status = $3, funds_held = $4, updated_at = now() WHERE client_id = $1 AND payment_id = $2 RETURNING ${COLUMNS}`,
    [clientId, paymentId, status, fundsHeld],
  );
  return rows[0]!;
}

/** One page of an account's payments, newest first, ties by id, with the total. */
export async function listPaymentsForAccount(
  db: Queryable,
  clientId: string,
  accountId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: PaymentRow[]; total: number }> {
  const { rows } = await db.query<PaymentRow & { total: string }>(
    `SELECT ${COLUMNS}, count(*) OVER () AS total FROM payments WHERE client_id = $1 AND debtor_account_id = $2
     ORDER BY created_at DESC, payment_id DESC LIMIT $3 OFFSET $4`,
    [clientId, accountId, page.limit, page.offset],
  );
  if (rows.length > 0) return { rows, total: Number(rows[0]!.total) };
  const count = await db.query<{ total: string }>("SELECT count(*) AS total FROM payments WHERE client_id = $1 AND debtor_account_id = $2", [
    clientId,
    accountId,
  ]);
  return { rows: [], total: Number(count.rows[0]?.total ?? 0) };
}

// ---- submission --------------------------------------------------------------

/** The debtor account as a submission needs it. */
export type DebtorAccount = { account_id: string; account_number: string; currency: string; status: string };

export type SubmissionData = { debtor: DebtorAccount | null; bankName: string | null; rate: string | null; holidays: Set<string> };

/**
 * Everything a submission reads, in one round trip: the caller's account by
 * number (null when it has none), the creditor bank's name (null when the
 * code/currency pair is not configured), the exchange rate from the debtor's
 * currency as exact decimal text (units of `fxTo` per unit; null when not
 * quoted) and the holidays from `fromDate` over the next 90 days, enough for
 * any settlement-date search. Absent inputs give nulls.
 */
export async function loadSubmissionData(
  db: Queryable,
  q: { clientId: string; accountNumber: string; bankCode?: string; bankCurrency?: string; fxTo?: string; fromDate: string },
): Promise<SubmissionData> {
  const { rows } = await db.query<DebtorAccount & { found: boolean; bank_name: string | null; rate: string | null; holidays: string[] }>({
    name: "payments-submission-data",
    text: `SELECT a.account_id IS NOT NULL AS found, a.account_id, a.account_number, a.currency, a.status,
            (SELECT name FROM bank_codes WHERE bank_code = $3 AND currency = $4) AS bank_name,
            (SELECT rate::text FROM fx_rates WHERE from_currency = a.currency AND to_currency = $5) AS rate,
            ARRAY(SELECT holiday_date::text FROM bank_holidays WHERE holiday_date BETWEEN $6::date AND $6::date + 90) AS holidays
     FROM (SELECT 1) AS one LEFT JOIN accounts a ON a.client_id = $1 AND a.account_number = $2`,
    values: [q.clientId, q.accountNumber, q.bankCode ?? null, q.bankCurrency ?? null, q.fxTo ?? null, q.fromDate],
  });
  const row = rows[0]!;
  const debtor = row.found ? { account_id: row.account_id, account_number: row.account_number, currency: row.currency, status: row.status } : null;
  return { debtor, bankName: row.bank_name, rate: row.rate, holidays: new Set(row.holidays) };
}

/** One possible outcome of a submission, as SQL submit_payment applies it (rows by column name). */
export type SubmissionOutcome = {
  payment: NewPayment & { failure_reason: string | null };
  audit: { client_id: string; actor: string; action: string; entity: string; entity_id: string; data: Record<string, unknown> };
  /** The response body, stored under the Idempotency-Key in the same statement. */
  body: string;
};

export type Submission = {
  clientId: string;
  rail: TRail;
  paymentId: string;
  instructionIdentification: string | null;
  /** A PostgreSQL interval for the instructionIdentification guard's wait, e.g. "2000ms". */
  lockTimeout: string;
  debtorAccountId: string;
  currency: string;
  debitMinor: string;
  chargeMinor: string;
  pending: SubmissionOutcome & { task: { kind: string; payload: Record<string, unknown>; runAt: string; dedupeKey: string } };
  failed: SubmissionOutcome;
};

/**
 * Applies a submission in one statement (SQL submit_payment, migrations/0007):
 * the instructionIdentification guard, the conditional debit, the payment with
 * its audit row, its settlement task and the stored response, committed
 * together when `db` is the pool. Returns which outcome was written, or
 * "Duplicate" (nothing written). Raises 55P03 when the guard's wait ran out.
 */
export async function recordSubmission(db: Queryable, submission: Submission, slot: ResponseSlot | null): Promise<"Pending" | "Failed" | "Duplicate"> {
  const { rows } = await db.query<{ outcome: "Pending" | "Failed" | "Duplicate" }>({
    name: "payments-submit",
    text: "SELECT submit_payment($1, $2) AS outcome",
    values: [submission, slot],
  });
  return rows[0]!.outcome;
}

export async function insertAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.query("INSERT INTO audit_log (client_id, actor, action, entity, entity_id, data) VALUES ($1, $2, $3, $4, $5, $6)", [
    entry.clientId,
    entry.actor,
    entry.action,
    entry.entity,
    entry.entityId,
    JSON.stringify(entry.data),
  ]);
}
