import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";
import type { TCounterpartyListQuery, TCounterpartyRail, TPayeeDetails } from "@/lib/contract/counterparties/schema";

/** The only SQL of payees (migrations/0040_counterparties.sql). The tenant is in every WHERE. */

export type PendingChange = {
  before: TPayeeDetails | null;
  after: TPayeeDetails;
  requestedBy: string;
  /** The audit spelling of the requester (`user:<id>` or `client:<id>`): never one of the approvers. */
  requestedActor: string;
  requestedAt: string;
  approvalsRequired: number;
  approvals: { userId: string; email: string; decidedAt: string }[];
};

export type CounterpartyRow = {
  counterparty_id: string;
  rail: TCounterpartyRail;
  details: TPayeeDetails;
  status: "Active" | "PendingApproval" | "Deleted";
  pending: PendingChange | null;
  created_by: string;
  created_at: Date;
  updated_at: Date;
};

const COLUMNS = "counterparty_id::text, rail, details, status, pending, created_by, created_at, updated_at";

export async function insertCounterparty(
  db: Queryable,
  clientId: string,
  row: Pick<CounterpartyRow, "counterparty_id" | "rail" | "details" | "status" | "pending" | "created_by"> & { now: Date },
): Promise<CounterpartyRow> {
  const { rows } = await db.query<CounterpartyRow>(
    `INSERT INTO counterparties (client_id, counterparty_id, rail, name, account, details, status, pending, created_by, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) RETURNING ${COLUMNS}`,
    [
      clientId,
      row.counterparty_id,
      row.rail,
      row.details.name,
      row.details.creditorAccount.identification,
      JSON.stringify(row.details),
      row.status,
      row.pending ? JSON.stringify(row.pending) : null,
      row.created_by,
      row.now,
    ],
  );
  return rows[0]!;
}

/** One payee; `lock` holds its row for a change or a decision. */
export async function findCounterparty(db: Queryable, clientId: string, counterpartyId: string, lock = false): Promise<CounterpartyRow | null> {
  const { rows } = await db.query<CounterpartyRow>(
    `SELECT ${COLUMNS} FROM counterparties WHERE client_id = $1 AND counterparty_id = $2${lock ? " FOR UPDATE" : ""}`,
    [clientId, counterpartyId],
  );
  return rows[0] ?? null;
}

export async function updateCounterparty(
  db: Queryable,
  clientId: string,
  counterpartyId: string,
  change: Pick<CounterpartyRow, "details" | "status" | "pending"> & { now: Date },
): Promise<CounterpartyRow> {
  const { rows } = await db.query<CounterpartyRow>(
    `UPDATE counterparties SET details = $3, name = $4, account = $5, status = $6, pending = $7, updated_at = $8
     WHERE client_id = $1 AND counterparty_id = $2 RETURNING ${COLUMNS}`,
    [
      clientId,
      counterpartyId,
      JSON.stringify(change.details),
      change.details.name,
      change.details.creditorAccount.identification,
      change.status,
      change.pending ? JSON.stringify(change.pending) : null,
      change.now,
    ],
  );
  return rows[0]!;
}

type Filters = Pick<TCounterpartyListQuery, "name" | "rail" | "status">;

/** Payees not deleted, newest first (ties by id, decisions §4), with the total. */
export async function counterpartiesPage(
  db: Queryable,
  clientId: string,
  filters: Filters,
  page: { limit: number; offset: number },
): Promise<{ rows: CounterpartyRow[]; total: number }> {
  const where = `client_id = $1 AND status <> 'Deleted'
    AND ($2::text IS NULL OR strpos(lower(name), lower($2)) > 0 OR strpos(lower(account), lower($2)) > 0)
    AND ($3::text IS NULL OR rail = $3) AND ($4::text IS NULL OR status = $4)`;
  const params = [clientId, filters.name ?? null, filters.rail ?? null, filters.status ?? null];
  // One after the other: db may be a transaction's client, which runs one query at a time.
  const list = await db.query<CounterpartyRow>(
    `SELECT ${COLUMNS} FROM counterparties WHERE ${where} ORDER BY created_at DESC, counterparty_id DESC LIMIT $5 OFFSET $6`,
    [...params, page.limit, page.offset],
  );
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM counterparties WHERE ${where}`, params);
  return { rows: list.rows, total: count.rows[0]!.n };
}
