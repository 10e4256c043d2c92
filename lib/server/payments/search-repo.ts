import "server-only";
import { CURRENCY_EXPONENTS } from "@/lib/contract/money";
import type { TPaymentSearchFilters } from "@/lib/contract/payments/search";
import type { Queryable } from "@/lib/server/db/types";
import type { PaymentRow } from "@/lib/server/payments/repo";

/** The SQL of the payments search (GET /v1/payments). The tenant is in every WHERE. */

export type PaymentSummaryRow = PaymentRow & { submitted_by_email: string | null };

const COLUMNS = `client_id, payment_id::text, unique_identifier, rail, status, debtor_account_id, debtor_account_number,
  instruction_identification, debit_minor::text, debit_currency, credit_minor::text, credit_currency, exchange_rate,
  charge_minor::text, charges_type, settlement_date::text, funds_held, details, remittance_information, created_at,
  details->'submittedBy'->>'email' AS submitted_by_email`;

/** LIKE patterns match the text literally: the user's % and _ are not wildcards. */
const literal = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Each filter is a parameter that is NULL when absent, so one prepared
 * statement serves every combination. Amount bounds compare the debited
 * amount in its own currency's minor units (exponents passed in, exact
 * numeric); dates are bank-local days, inclusive.
 */
const WHERE = `client_id = $1
  AND ($2::text IS NULL OR details->'creditorAccount'->>'name' ILIKE $2 OR details->'creditorAccount'->>'identification' ILIKE $2)
  AND ($3::text IS NULL OR EXISTS (SELECT 1 FROM unnest(remittance_information) line WHERE line ILIKE $3))
  AND ($4::text IS NULL OR instruction_identification = $4)
  AND ($5::text IS NULL OR debtor_account_number = $5)
  AND ($6::text IS NULL OR status = $6)
  AND ($7::text IS NULL OR rail = $7)
  AND ($8::numeric IS NULL OR debit_minor >= $8::numeric * power(10::numeric, ($10::jsonb ->> debit_currency)::int))
  AND ($9::numeric IS NULL OR debit_minor <= $9::numeric * power(10::numeric, ($10::jsonb ->> debit_currency)::int))
  AND ($11::date IS NULL OR created_at >= ($11::date)::timestamp AT TIME ZONE 'Atlantic/Bermuda')
  AND ($12::date IS NULL OR created_at < ($12::date + 1)::timestamp AT TIME ZONE 'Atlantic/Bermuda')`;

function filterValues(clientId: string, f: TPaymentSearchFilters): unknown[] {
  return [
    clientId,
    f.beneficiary ? literal(f.beneficiary) : null,
    f.reference ? literal(f.reference) : null,
    f.instructionIdentification ?? null,
    f.accountNumber ?? null,
    f.status ?? null,
    f.rail ?? null,
    f.minAmount ?? null,
    f.maxAmount ?? null,
    JSON.stringify(CURRENCY_EXPONENTS),
    f.fromDate ?? null,
    f.toDate ?? null,
  ];
}

/** One page of the client's payments matching the filters, newest first, ties by id, with the total. */
export async function searchPayments(
  db: Queryable,
  clientId: string,
  filters: TPaymentSearchFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: PaymentSummaryRow[]; total: number }> {
  const values = filterValues(clientId, filters);
  const { rows } = await db.query<PaymentSummaryRow & { total: string }>(
    `SELECT ${COLUMNS}, count(*) OVER () AS total FROM payments WHERE ${WHERE}
     ORDER BY created_at DESC, payment_id DESC LIMIT $13 OFFSET $14`,
    [...values, page.limit, page.offset],
  );
  if (rows.length > 0 || page.offset === 0) return { rows, total: rows.length > 0 ? Number(rows[0]!.total) : 0 };
  // A page past the end still reports the size of the result set.
  const count = await db.query<{ total: string }>(`SELECT count(*) AS total FROM payments WHERE ${WHERE}`, values);
  return { rows: [], total: Number(count.rows[0]?.total ?? 0) };
}

export async function findPaymentSummary(db: Queryable, clientId: string, paymentId: string): Promise<PaymentSummaryRow | null> {
  const { rows } = await db.query<PaymentSummaryRow>(`SELECT ${COLUMNS} FROM payments WHERE client_id = $1 AND payment_id = $2`, [clientId, paymentId]);
  return rows[0] ?? null;
}
