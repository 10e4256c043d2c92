import "server-only";
import { CURRENCY_EXPONENTS } from "@/lib/contract/money";
import type { TPaymentSearchFilters } from "@/lib/contract/payments/search";
import type { Queryable } from "@/lib/server/core/db/types";
import { orderTsSql } from "@/lib/server/core/lists/page-window";
import type { PaymentRow } from "@/lib/server/domain/payments/repo";

/** The SQL of the payment lists (GET /v1/payments, GET /v1/accounts/{n}/payments). The tenant is in every WHERE. */

export type PaymentSummaryRow = PaymentRow & { submitted_by_email: string | null };

const COLUMNS = `client_id, payment_id::text, unique_identifier, rail, status, debtor_account_id, debtor_account_number,
  instruction_identification, debit_minor::text, debit_currency, credit_minor::text, credit_currency, exchange_rate,
  charge_minor::text, charges_type, settlement_date::text, funds_held, details, remittance_information, created_at,
  execution_date::text, standing_order_id::text, details->'submittedBy'->>'email' AS submitted_by_email`;

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

/**
 * GET /v1/payments as a snapshot source (lib/server/core/lists/list.ts): the
 * filters are arbitrary, so the size is counted, but once per result set
 * (the token carries it), in the statement that finds the snapshot bound.
 */
export async function summarizePaymentSearch(
  db: Queryable,
  clientId: string,
  filters: TPaymentSearchFilters,
): Promise<{ total: number; newest: string | null }> {
  const { rows } = await db.query<{ total: string; newest: string | null }>(
    `SELECT count(*) AS total, ${orderTsSql("max(created_at)")} AS newest FROM payments WHERE ${WHERE}`,
    filterValues(clientId, filters),
  );
  return { total: Number(rows[0]!.total), newest: rows[0]!.newest };
}

type Window = { upTo: string; offset: number; limit: number };
type PagedRow = PaymentSummaryRow & { page_at: string };

export async function fetchPaymentSearch(db: Queryable, clientId: string, filters: TPaymentSearchFilters, window: Window): Promise<PagedRow[]> {
  const { rows } = await db.query<PagedRow>(
    `SELECT ${COLUMNS}, ${orderTsSql("created_at")} AS page_at FROM payments WHERE ${WHERE} AND created_at <= $13::timestamptz
     ORDER BY created_at DESC, payment_id DESC OFFSET $14 LIMIT $15`,
    [...filterValues(clientId, filters), window.upTo, window.offset, window.limit],
  );
  return rows;
}

/**
 * GET /v1/accounts/{n}/payments: the account's payments, newest first, on
 * payments_by_account; its size is the count kept per debtor account
 * (list_counts 'payments_by_account', migrations/0013_b_list_scale.sql).
 */
export async function summarizeAccountPayments(db: Queryable, clientId: string, accountId: string): Promise<{ total: number; newest: string | null }> {
  const { rows } = await db.query<{ total: string; newest: string | null }>(
    `SELECT (SELECT coalesce(sum(n), 0) FROM list_counts WHERE client_id = $1 AND list = 'payments_by_account' AND scope = $2) AS total,
            (SELECT ${orderTsSql("max(created_at)")} FROM payments WHERE client_id = $1 AND debtor_account_id = $2) AS newest`,
    [clientId, accountId],
  );
  return { total: Number(rows[0]!.total), newest: rows[0]!.newest };
}

export async function fetchAccountPayments(db: Queryable, clientId: string, accountId: string, window: Window): Promise<PagedRow[]> {
  const { rows } = await db.query<PagedRow>(
    `SELECT ${COLUMNS}, ${orderTsSql("created_at")} AS page_at FROM payments
     WHERE client_id = $1 AND debtor_account_id = $2 AND created_at <= $3::timestamptz
     ORDER BY created_at DESC, payment_id DESC OFFSET $4 LIMIT $5`,
    [clientId, accountId, window.upTo, window.offset, window.limit],
  );
  return rows;
}

export async function findPaymentSummary(db: Queryable, clientId: string, paymentId: string): Promise<PaymentSummaryRow | null> {
  const { rows } = await db.query<PaymentSummaryRow>(`SELECT ${COLUMNS} FROM payments WHERE client_id = $1 AND payment_id = $2`, [clientId, paymentId]);
  return rows[0] ?? null;
}
