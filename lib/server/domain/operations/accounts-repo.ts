import "server-only";
import { LOCKS, takeTransactionLock } from "@/lib/server/core/db/locks";
import type { Queryable } from "@/lib/server/core/db/types";

/** The only SQL of opening and closing accounts. Numbers are unique bank-wide, across accounts and virtual accounts. */

export async function lockNumbering(db: Queryable): Promise<void> {
  // Serialises number checks so two openings cannot take one number (rare, so one lock is enough).
  await takeTransactionLock(db, LOCKS.accountNumbering);
}

export async function numberInUse(db: Queryable, accountNumber: string): Promise<boolean> {
  const { rows } = await db.query<{ used: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM accounts WHERE account_number = $1)
         OR EXISTS (SELECT 1 FROM virtual_accounts WHERE virtual_account_number = $1) AS used`,
    [accountNumber],
  );
  return rows[0]!.used;
}

/** The next free ten-digit number in the 5xxxxxxxxx range the bank allocates from. */
export async function nextFreeNumber(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ n: string }>(
    `SELECT (coalesce(max(account_number::bigint), 4999999999) + 1)::text AS n
       FROM accounts WHERE account_number ~ '^5[0-9]{9}$'`,
  );
  return rows[0]!.n;
}

export type NewAccount = {
  clientId: string;
  accountId: string;
  accountNumber: string;
  cif: string;
  currency: string;
  accountType: string | null;
  accountSubType: string;
  nickname: string | null;
  category: string;
  owners: Array<{ displayName: string; accountHolderType: string }>;
  attributes: Array<{ name: string; value: string | number }>;
  openedAt?: string;
};

export async function insertAccount(db: Queryable, a: NewAccount): Promise<void> {
  await db.query(
    `INSERT INTO accounts (client_id, account_id, account_number, cif, currency, status, account_type, account_sub_type,
       nickname, category, opening_date, owners, routings, attributes)
     VALUES ($1, $2, $3, $4, $5, 'Active', $6, $7, $8, $9, coalesce($10::timestamptz, now()), $11, $12, $13)`,
    [
      a.clientId,
      a.accountId,
      a.accountNumber,
      a.cif,
      a.currency,
      a.accountType,
      a.accountSubType,
      a.nickname,
      a.category,
      a.openedAt ?? null,
      JSON.stringify(a.owners),
      JSON.stringify([{ scheme: "AccountNumber", address: a.accountNumber }]),
      JSON.stringify(a.attributes),
    ],
  );
}

export type AccountState = { account_id: string; status: string; available_minor: string; currency: string; closed: boolean };

export async function lockAccount(db: Queryable, clientId: string, accountNumber: string): Promise<AccountState | null> {
  const { rows } = await db.query<AccountState>(
    "SELECT account_id, status, available_minor::text, currency, closed_at IS NOT NULL AS closed FROM accounts WHERE client_id = $1 AND account_number = $2 FOR UPDATE",
    [clientId, accountNumber],
  );
  return rows[0] ?? null;
}

export async function setAccountStatus(db: Queryable, clientId: string, accountId: string, status: string, attribute = status.toUpperCase()): Promise<void> {
  // The STATUS attribute mirrors the status, as the core system shows it (CLOSED for a closed account).
  await db.query(
    `UPDATE accounts SET status = $3,
            attributes = (SELECT coalesce(jsonb_agg(CASE WHEN a->>'name' = 'STATUS' THEN jsonb_build_object('name', 'STATUS', 'value', $4::text) ELSE a END ORDER BY i), '[]')
                            FROM jsonb_array_elements(attributes) WITH ORDINALITY AS e(a, i))
      WHERE client_id = $1 AND account_id = $2`,
    [clientId, accountId, status, attribute],
  );
}

/** Payments still holding this account's funds: a Pending one may yet be returned to it. */
export async function pendingPaymentCount(db: Queryable, clientId: string, accountId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM payments WHERE client_id = $1 AND debtor_account_id = $2 AND status = 'Pending'",
    [clientId, accountId],
  );
  return rows[0]!.n;
}

/** Closes an account: INACTIVE to the API, STATUS attribute CLOSED, closed_at set. */
export async function closeAccount(db: Queryable, clientId: string, accountId: string): Promise<void> {
  await setAccountStatus(db, clientId, accountId, "INACTIVE", "CLOSED");
  await db.query("UPDATE accounts SET closed_at = now() WHERE client_id = $1 AND account_id = $2", [clientId, accountId]);
}

export type AccountListRow = {
  account_number: string;
  currency: string;
  status: string;
  nickname: string | null;
  category: string;
  available_minor: string;
  closed: boolean;
};

export async function listClientAccounts(db: Queryable, clientId: string): Promise<AccountListRow[]> {
  const { rows } = await db.query<AccountListRow>(
    `SELECT account_number, currency, status, nickname, category, available_minor::text, closed_at IS NOT NULL AS closed
       FROM accounts WHERE client_id = $1 ORDER BY created_at DESC, account_id DESC`,
    [clientId],
  );
  return rows;
}
