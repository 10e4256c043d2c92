import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";
import { orderTsSql } from "@/lib/server/core/lists/page-window";

/**
 * The only SQL that reads an account's activity (transactions, statements).
 * Rows are a client account's postings with what caused them (the payment,
 * for a transfer the other account). Booking order is (booked_at,
 * posting_id): the writer books after taking the account's row lock, so it is
 * also balance order (docs/ledger.md).
 */
export type ActivityFilter = {
  clientId: string;
  /** accounts.account_id, or for a virtual account its number. */
  accountId: string;
  /** Whose postings: an account's journal postings (the default) or a virtual account's sub-ledger. */
  ledger?: "account" | "virtual";
  /** Bank-local dates, inclusive. */
  fromDate?: string;
  toDate?: string;
  type?: "Credit" | "Debit";
  minMinor?: bigint;
  maxMinor?: bigint;
  text?: string;
};

export type ActivityRow = {
  posting_id: string;
  entry_id: string;
  /** Booking time on the bank's wall clock (YYYY-MM-DDTHH:MI:SS.mmm) and its UTC offset: formatted by the database, once per row, in C. */
  booked_local: string;
  booked_offset_minutes: number;
  value_date: string;
  amount_minor: string;
  currency: string;
  balance_after_minor: string;
  kind: string;
  reference: string;
  details: {
    payerReference?: string | null;
    counterpartyName?: string | null;
    counterpartyAccount?: string | null;
    returnReason?: { code: string; description: string };
    transactionType?: string;
  } | null;
  payment_id: string | null;
  rail: "ACH" | "SWIFT" | "INTERNAL" | null;
  converted: boolean;
  instruction_identification: string | null;
  remittance_information: string[] | null;
  creditor_name: string | null;
  creditor_identification: string | null;
  /** A transfer's other account: the creditor's number on the debit leg, the debtor's on the credit leg. */
  other_account_number: string | null;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The WHERE clause of a filter, its parameters from $1. */
function where(filter: ActivityFilter): { sql: string; values: unknown[] } {
  const values: unknown[] = [filter.clientId, filter.accountId];
  const clauses = ["p.client_id = $1", "p.account_id = $2"];
  const add = (clause: (n: string) => string, value: unknown) => {
    values.push(value);
    clauses.push(clause(`$${values.length}`));
  };
  if (filter.fromDate) add((n) => `p.booked_at >= (${n}::date::timestamp AT TIME ZONE 'Atlantic/Bermuda')`, filter.fromDate);
  if (filter.toDate) add((n) => `p.booked_at < ((${n}::date + 1)::timestamp AT TIME ZONE 'Atlantic/Bermuda')`, filter.toDate);
  if (filter.type) clauses.push(filter.type === "Credit" ? "p.amount_minor > 0" : "p.amount_minor < 0");
  if (filter.minMinor !== undefined) add((n) => `abs(p.amount_minor) >= ${n}::bigint`, filter.minMinor.toString());
  if (filter.maxMinor !== undefined) add((n) => `abs(p.amount_minor) <= ${n}::bigint`, filter.maxMinor.toString());
  if (filter.text) {
    add(
      (n) => `(p.reference ILIKE ${n} OR p.details->>'payerReference' ILIKE ${n} OR pay.instruction_identification ILIKE ${n}
        OR pay.details->'creditorAccount'->>'name' ILIKE ${n} OR pay.details->'creditorAccount'->>'identification' ILIKE ${n}
        OR array_to_string(pay.remittance_information, ' ') ILIKE ${n}
        OR p.details->>'counterpartyName' ILIKE ${n} OR p.details->>'instructionIdentification' ILIKE ${n} OR (p.details->'remittanceInformation')::text ILIKE ${n})`,
      `%${escapeLike(filter.text)}%`,
    );
  }
  return { sql: clauses.join(" AND "), values };
}

/**
 * A virtual account's sub-ledger in the shape of ledger_postings (simple
 * enough for PostgreSQL to pull up, so its index serves the seeks): the
 * transaction id is the entry's control posting's (unique across the bank,
 * and in the sub-ledger's order, migrations/0022), and there is no payment.
 */
const VIRTUAL_POSTINGS = `(SELECT client_id, ledger_posting_id AS posting_id, entry_id, virtual_account_number AS account_id, booked_at, value_date,
  amount_minor, currency, balance_after_minor, kind, coalesce(reference, kind) AS reference, details, NULL::uuid AS payment_id
  FROM virtual_account_postings)`;

const postingsOf = (filter: Pick<ActivityFilter, "ledger">) => `${filter.ledger === "virtual" ? VIRTUAL_POSTINGS : "ledger_postings"} p`;

const fromOf = (filter: Pick<ActivityFilter, "ledger">) => `${postingsOf(filter)}
  LEFT JOIN payments pay ON pay.client_id = p.client_id AND pay.payment_id = p.payment_id`;

/** The row's columns; a statement passes its own balance-after (the booked one, without pending payments). */
const columnsWith = (balanceAfter = "p.balance_after_minor") => `p.posting_id::text, p.entry_id::text,
  to_char(p.booked_at AT TIME ZONE 'Atlantic/Bermuda', 'YYYY-MM-DD"T"HH24:MI:SS.MS') AS booked_local,
  (extract(epoch FROM (p.booked_at AT TIME ZONE 'Atlantic/Bermuda') - (p.booked_at AT TIME ZONE 'UTC')) / 60)::int AS booked_offset_minutes,
  p.value_date::text, p.amount_minor::text, p.currency,
  (${balanceAfter})::text AS balance_after_minor, p.kind, p.reference, p.details, p.payment_id::text, pay.rail,
  coalesce(pay.credit_currency <> pay.debit_currency, p.details->>'transactionType' = 'FX', false) AS converted,
  coalesce(pay.instruction_identification, p.details->>'instructionIdentification') AS instruction_identification,
  coalesce(pay.remittance_information, ARRAY(SELECT jsonb_array_elements_text(p.details->'remittanceInformation'))) AS remittance_information,
  pay.details->'creditorAccount'->>'name' AS creditor_name, pay.details->'creditorAccount'->>'identification' AS creditor_identification,
  CASE WHEN pay.rail = 'INTERNAL' THEN
    (SELECT a.account_number FROM accounts a WHERE a.client_id = p.client_id
       AND a.account_id = CASE WHEN p.account_id = pay.debtor_account_id THEN pay.creditor_account_id ELSE pay.debtor_account_id END)
  END AS other_account_number`;

const COLUMNS = columnsWith();

/** A filter that narrows the account's postings (an unfiltered list's total is the account's posting_count). */
const isFiltered = (filter: ActivityFilter) =>
  filter.fromDate !== undefined ||
  filter.toDate !== undefined ||
  filter.type !== undefined ||
  filter.minMinor !== undefined ||
  filter.maxMinor !== undefined ||
  filter.text !== undefined;

/**
 * The list's total_size and its newest posting's order timestamp, in one
 * statement (snapshotList's summarize, once per result set). Unfiltered, the
 * total is the count the ledger writer keeps on the account row
 * (migrations/0019_posting_counts.sql), so a million postings are not counted;
 * filtered, the matching range is counted, once: later pages carry it in the token.
 */
export async function summarizeActivity(db: Queryable, filter: ActivityFilter): Promise<{ total: number; newest: string | null }> {
  const { sql, values } = where(filter);
  const from = filter.text !== undefined ? fromOf(filter) : postingsOf(filter);
  const newest = `SELECT ${orderTsSql("max(p.booked_at)")} FROM ${from} WHERE ${sql}`;
  // A virtual account keeps no count: its postings are deposits, few enough to count.
  const total =
    isFiltered(filter) || filter.ledger === "virtual"
      ? `SELECT count(*) FROM ${from} WHERE ${sql}`
      : "SELECT posting_count FROM accounts WHERE client_id = $1 AND account_id = $2";
  const { rows } = await db.query<{ total: string; newest: string | null }>(`SELECT (${total}) AS total, (${newest}) AS newest`, values);
  return { total: Number(rows[0]!.total), newest: rows[0]!.newest };
}

/**
 * One page, newest first: the postings booked at or before `upTo`, after
 * skipping `offset` (a keyset seek on ledger_postings_activity, read backwards).
 */
export async function fetchActivity(
  db: Queryable,
  filter: ActivityFilter,
  window: { upTo: string; offset: number; limit: number },
): Promise<Array<ActivityRow & { page_at: string }>> {
  const { sql, values } = where(filter);
  const n = values.length;
  const { rows } = await db.query<ActivityRow & { page_at: string }>(
    `SELECT ${COLUMNS}, ${orderTsSql("p.booked_at")} AS page_at FROM ${fromOf(filter)}
     WHERE ${sql} AND p.booked_at <= $${n + 1}::timestamptz
     ORDER BY p.booked_at DESC, p.posting_id DESC OFFSET $${n + 2} LIMIT $${n + 3}`,
    [...values, window.upTo, window.offset, window.limit],
  );
  return rows;
}

/**
 * The account's postings that are in the ledger but not yet booked: those of
 * its payments still Pending with funds held (docs/ledger.md, Available and
 * booked balance). Read in the statement's snapshot; few (an index range on
 * payments_pending_held). A virtual account's sub-ledger holds deposits only.
 */
export async function pendingPostingIds(db: Queryable, filter: Pick<ActivityFilter, "clientId" | "accountId" | "ledger">): Promise<string[]> {
  if (filter.ledger === "virtual") return [];
  const { rows } = await db.query<{ id: string }>(
    `SELECT q.posting_id::text AS id FROM payments pay
     JOIN ledger_postings q ON q.client_id = pay.client_id AND q.payment_id = pay.payment_id AND q.account_id = pay.debtor_account_id
     WHERE pay.client_id = $1 AND pay.debtor_account_id = $2 AND pay.status = 'Pending' AND pay.funds_held`,
    [filter.clientId, filter.accountId],
  );
  return rows.map((r) => r.id);
}

/**
 * A statement's balances: opening (before a bank-local date) and closing
 * (after the end of another) booked, i.e. the ledger's balance less the
 * pending postings booked before the bound, and the closing available (the
 * ledger's own balance, pending debits included). Zero before the first posting.
 */
export async function balancesAround(
  db: Queryable,
  filter: Pick<ActivityFilter, "clientId" | "accountId" | "ledger">,
  range: { fromDate: string; toDate: string },
  pending: string[],
): Promise<{ opening: bigint; closing: bigint; closingAvailable: bigint }> {
  const ledgerBefore = (bound: string) => `coalesce((SELECT balance_after_minor FROM ${postingsOf(filter)}
      WHERE client_id = $1 AND account_id = $2 AND booked_at < (${bound}::timestamp AT TIME ZONE 'Atlantic/Bermuda')
      ORDER BY booked_at DESC, posting_id DESC LIMIT 1), 0)`;
  const pendingBefore = (bound: string) => `coalesce((SELECT sum(amount_minor) FROM ledger_postings
      WHERE client_id = $1 AND posting_id = ANY($5::bigint[]) AND booked_at < (${bound}::timestamp AT TIME ZONE 'Atlantic/Bermuda')), 0)`;
  const { rows } = await db.query<{ opening: string; closing: string; available: string }>(
    `SELECT (${ledgerBefore("$3::date")} - ${pendingBefore("$3::date")})::text AS opening,
            (${ledgerBefore("($4::date + 1)")} - ${pendingBefore("($4::date + 1)")})::text AS closing,
            ${ledgerBefore("($4::date + 1)")}::text AS available`,
    [filter.clientId, filter.accountId, range.fromDate, range.toDate, pending],
  );
  const row = rows[0]!;
  return { opening: BigInt(row.opening), closing: BigInt(row.closing), closingAvailable: BigInt(row.available) };
}

/**
 * The statement's booked entries, oldest first: the query text and values,
 * for a cursor that streams them. The pending postings are left out, and each
 * entry's balance after is the booked one (less the pending postings before
 * it), so opening + entries = closing booked.
 */
export function statementQuery(filter: ActivityFilter, pending: string[]): { text: string; values: unknown[] } {
  const { sql, values } = where(filter);
  if (pending.length === 0) return { text: `SELECT ${COLUMNS} FROM ${fromOf(filter)} WHERE ${sql} ORDER BY p.booked_at, p.posting_id`, values };
  const ids = `$${values.length + 1}::bigint[]`;
  const booked = `p.balance_after_minor - coalesce((SELECT sum(q.amount_minor) FROM ledger_postings q
    WHERE q.client_id = p.client_id AND q.posting_id = ANY(${ids}) AND (q.booked_at, q.posting_id) <= (p.booked_at, p.posting_id)), 0)`;
  return {
    text: `SELECT ${columnsWith(booked)} FROM ${fromOf(filter)} WHERE ${sql} AND p.posting_id <> ALL(${ids}) ORDER BY p.booked_at, p.posting_id`,
    values: [...values, pending],
  };
}
