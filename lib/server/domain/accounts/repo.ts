import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";

/** The only SQL for accounts. The tenant is always in the WHERE clause. */

export type AccountRow = {
  account_id: string;
  account_number: string;
  cif: string;
  currency: string;
  status: string;
  account_type: string | null;
  account_sub_type: string;
  nickname: string | null;
  category: string;
  opening_date: Date;
  balance_effective_date: Date;
  available_minor: string;
  owners: Array<{ displayName: string; accountHolderType: string }>;
  routings: Array<{ scheme: string; address: string }>;
  attributes: Array<{ name: string; value: string | number }>;
};

const COLUMNS = `account_id, account_number, cif, currency, status, account_type, account_sub_type, nickname,
  category, opening_date, balance_effective_date, available_minor, owners, routings, attributes`;

export async function findAccountByNumber(db: Queryable, clientId: string, accountNumber: string): Promise<AccountRow | null> {
  const { rows } = await db.query<AccountRow>(`SELECT ${COLUMNS} FROM accounts WHERE client_id = $1 AND account_number = $2`, [clientId, accountNumber]);
  return rows[0] ?? null;
}

/** One page in the stable order (newest first, ties by id) with the total in the same snapshot. */
export async function listAccounts(db: Queryable, clientId: string, page: { limit: number; offset: number }): Promise<{ rows: AccountRow[]; total: number }> {
  const { rows } = await db.query<AccountRow & { total: string }>(
    `SELECT ${COLUMNS}, count(*) OVER () AS total FROM accounts WHERE client_id = $1
     ORDER BY created_at DESC, account_id DESC LIMIT $2 OFFSET $3`,
    [clientId, page.limit, page.offset],
  );
  if (rows.length > 0) return { rows, total: Number(rows[0]!.total) };
  // A page past the end still needs the total.
  const count = await db.query<{ total: string }>("SELECT count(*) AS total FROM accounts WHERE client_id = $1", [clientId]);
  return { rows: [], total: Number(count.rows[0]?.total ?? 0) };
}

/** Every account number of the client (a pain.001's creditor account among them is a transfer between own accounts). */
export async function listAccountNumbers(db: Queryable, clientId: string): Promise<string[]> {
  const { rows } = await db.query<{ account_number: string }>("SELECT account_number FROM accounts WHERE client_id = $1", [clientId]);
  return rows.map((r) => r.account_number);
}
