import type { Queryable } from "@/lib/db/types";
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

/** The payment and its audit row, one statement (one round trip on the submission path); named, so planned once per connection. */
export async function insertPayment(db: Queryable, p: NewPayment, audit: AuditEntry): Promise<PaymentRow> {
  const { rows } = await db.query<PaymentRow>({
    name: "payments-insert",
    text: `WITH audit AS (
       INSERT INTO audit_log (client_id, actor, action, entity, entity_id, data) VALUES ($1, $21, $22, $23, $24, $25))
     INSERT INTO payments (client_id, payment_id, unique_identifier, rail, status, failure_reason, debtor_account_id,
       debtor_account_number, instruction_identification, debit_minor, debit_currency, credit_minor, credit_currency,
       exchange_rate, charge_minor, charges_type, settlement_date, funds_held, details, remittance_information)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)
     RETURNING ${COLUMNS}`,
    values: [
      p.client_id, p.payment_id, p.unique_identifier, p.rail, p.status, p.details.failureReason?.code ?? null, p.debtor_account_id,
      p.debtor_account_number, p.instruction_identification, p.debit_minor, p.debit_currency, p.credit_minor, p.credit_currency,
      p.exchange_rate, p.charge_minor, p.charges_type, p.settlement_date, p.funds_held, JSON.stringify(p.details), p.remittance_information,
      audit.actor, audit.action, audit.entity, audit.entityId, JSON.stringify(audit.data),
    ],
  });
  return rows[0]!;
}

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

// ---- transaction control ----------------------------------------------------------

/** Marks a point the submission can roll back to when funds turn out short. */
export async function savepoint(db: Queryable, name: string): Promise<void> {
  await db.query(`SAVEPOINT ${name}`);
}

export async function rollbackToSavepoint(db: Queryable, name: string): Promise<void> {
  await db.query(`ROLLBACK TO SAVEPOINT ${name}`);
}

// ---- instructionIdentification guard --------------------------------------------

/**
 * Takes the instructionIdentification for this payment. The primary key does
 * the deduplication: a concurrent claimant waits for the first transaction
 * (at most `lockTimeoutMs`, then PostgreSQL raises 55P03) and then sees the
 * conflict; a row older than 24 hours is taken over. Returns false for a
 * duplicate. lock_timeout is restored afterwards so that the ledger's row
 * locks keep their own (unbounded) wait.
 */
export async function claimInstructionId(
  db: Queryable,
  clientId: string,
  rail: TRail,
  instructionId: string,
  paymentId: string,
  lockTimeoutMs: number,
): Promise<boolean> {
  const { rows: previous } = await db.query<{ prev: string }>(
    "SELECT current_setting('lock_timeout') AS prev, set_config('lock_timeout', $1, true)",
    [`${lockTimeoutMs}ms`],
  );
  const { rowCount } = await db.query(
    `INSERT INTO payment_instruction_ids (client_id, rail, instruction_identification, payment_id, accepted_at)
     VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (client_id, rail, instruction_identification) DO UPDATE
       SET payment_id = EXCLUDED.payment_id, accepted_at = now()
       WHERE payment_instruction_ids.accepted_at < now() - interval '24 hours'`,
    [clientId, rail, instructionId, paymentId],
  );
  await db.query("SELECT set_config('lock_timeout', $1, true)", [previous[0]!.prev]);
  return rowCount === 1;
}

/** A payment that failed at creation does not hold its instructionIdentification (decisions §5). */
export async function releaseInstructionId(db: Queryable, clientId: string, rail: TRail, instructionId: string, paymentId: string): Promise<void> {
  await db.query(
    "DELETE FROM payment_instruction_ids WHERE client_id = $1 AND rail = $2 AND instruction_identification = $3 AND payment_id = $4",
    [clientId, rail, instructionId, paymentId],
  );
}

// ---- reference data ------------------------------------------------------------

export type ReferenceData = { bankName: string | null; rate: string | null; holidays: Set<string> };

/**
 * The reference data one submission needs, in one round trip: the creditor
 * bank's name (null when the code/currency pair is not configured), the
 * exchange rate as exact decimal text (units of `to` per unit of `from`; null
 * when not quoted) and the holidays from `fromDate` over the next 90 days,
 * enough for any settlement-date search. Absent inputs give nulls.
 */
export async function loadReferenceData(
  db: Queryable,
  q: { bankCode?: string; bankCurrency?: string; fxFrom?: string; fxTo?: string; fromDate: string },
): Promise<ReferenceData> {
  const { rows } = await db.query<{ bank_name: string | null; rate: string | null; holidays: string[] }>({
    name: "payments-reference-data",
    text: `SELECT (SELECT name FROM bank_codes WHERE bank_code = $1 AND currency = $2) AS bank_name,
            (SELECT rate::text FROM fx_rates WHERE from_currency = $3 AND to_currency = $4) AS rate,
            ARRAY(SELECT holiday_date::text FROM bank_holidays WHERE holiday_date BETWEEN $5::date AND $5::date + 90) AS holidays`,
    values: [q.bankCode ?? null, q.bankCurrency ?? null, q.fxFrom ?? null, q.fxTo ?? null, q.fromDate],
  });
  const row = rows[0]!;
  return { bankName: row.bank_name, rate: row.rate, holidays: new Set(row.holidays) };
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
