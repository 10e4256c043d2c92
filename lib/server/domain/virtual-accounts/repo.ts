import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";
import { orderTsSql } from "@/lib/server/core/lists/page-window";

/** The only SQL for virtual accounts, their postings and provisioning. The tenant is in every WHERE. */

/** v2 holder details as stored (the request's blocks, verbatim). */
export type HolderDetails = {
  taxIdentificationNumber?: string;
  countryOfResidence?: string;
  individual?: { dob?: string; nationality?: string; nativeLanguageName?: string };
  business?: {
    registeredAddress?: { addressLine1: string; addressLine2?: string; city: string; postalCode: string; country: string };
    dateOfIncorporation?: string;
    countryOfIncorporation?: string;
  };
};

export type VirtualAccountRow = {
  virtual_account_number: string;
  currency: string;
  account_holder_name: string | null;
  account_name: string | null;
  account_holder_type: "Individual" | "Business" | null;
  dob: string | null;
  native_language_name: string | null;
  client_reference: string | null;
  holder_details: HolderDetails;
  balance_minor: string;
  effective_date: Date;
  created_at: Date;
};

/** A row of the list: a virtual account, or the settlement or parent account shown beside them. */
export type ListedRow = VirtualAccountRow & { category: "virtual" | "settlement" | "parent" };

/** The settlement and parent accounts (rows of `accounts`). */
export type StructureAccountRow = {
  account_id: string;
  account_number: string;
  cif: string;
  currency: string;
  status: string;
  account_sub_type: string;
  category: "settlement" | "parent";
  available_minor: string;
  owners: Array<{ displayName: string; accountHolderType: string }>;
};

const VA_COLUMNS = `virtual_account_number, currency, account_holder_name, account_name, account_holder_type, dob::text AS dob,
  native_language_name, client_reference, holder_details, balance_minor, effective_date, created_at`;

/** Settlement and parent accounts projected onto the virtual-account columns (spec §2.4: listed alongside). */
const STRUCTURE_AS_VA = `account_number AS virtual_account_number, currency, owners->0->>'displayName' AS account_holder_name,
  coalesce(nickname, account_number) AS account_name, NULL::text AS account_holder_type, NULL::text AS dob,
  NULL::text AS native_language_name, NULL::text AS client_reference, '{}'::jsonb AS holder_details,
  available_minor AS balance_minor, balance_effective_date AS effective_date, created_at, category`;

export async function listProvisionedCurrencies(db: Queryable, clientId: string): Promise<string[]> {
  const { rows } = await db.query<{ currency: string }>("SELECT currency FROM virtual_account_currencies WHERE client_id = $1 ORDER BY currency", [clientId]);
  return rows.map((r) => r.currency);
}

export async function provisionCurrency(db: Queryable, clientId: string, currency: string): Promise<void> {
  await db.query("INSERT INTO virtual_account_currencies (client_id, currency) VALUES ($1, $2) ON CONFLICT DO NOTHING", [clientId, currency]);
}

export async function findVirtualAccount(
  db: Queryable,
  clientId: string,
  number: string,
  options: { forUpdate?: boolean } = {},
): Promise<VirtualAccountRow | null> {
  const { rows } = await db.query<VirtualAccountRow>(
    `SELECT ${VA_COLUMNS} FROM virtual_accounts WHERE client_id = $1 AND virtual_account_number = $2${options.forUpdate ? " FOR UPDATE" : ""}`,
    [clientId, number],
  );
  return rows[0] ?? null;
}

/**
 * The settlement and parent accounts. With several of a kind, the one in
 * `currency` wins, then the oldest: a BMD virtual account settles into a BMD
 * settlement account when the client has one.
 */
export async function findStructureAccounts(db: Queryable, clientId: string, currency: string | null): Promise<StructureAccountRow[]> {
  const { rows } = await db.query<StructureAccountRow>(
    `SELECT DISTINCT ON (category) account_id, account_number, cif, currency, status, account_sub_type, category, available_minor, owners
     FROM accounts WHERE client_id = $1 AND category IN ('settlement', 'parent')
     ORDER BY category, (currency = $2) DESC, created_at, account_id`,
    [clientId, currency],
  );
  return rows;
}

/**
 * The list of spec §4.6 (virtual accounts and the settlement and parent
 * accounts beside them, newest first, ties by number) as a snapshot source
 * (lib/server/core/lists/list.ts). The size is the maintained count of
 * virtual_account_totals plus the few structure accounts; both branches of a
 * page are index ranges (virtual_accounts_listing / _by_currency) merged in order.
 */
export async function summarizeVirtualAccounts(db: Queryable, clientId: string, currency: string | null): Promise<{ total: number; newest: string | null }> {
  const { rows } = await db.query<{ total: string; newest: string | null }>(
    `SELECT (SELECT coalesce(sum(accounts), 0) FROM virtual_account_totals WHERE client_id = $1 AND ($2::text IS NULL OR currency = $2))
          + (SELECT count(*) FROM accounts WHERE client_id = $1 AND category IN ('settlement', 'parent') AND ($2::text IS NULL OR currency = $2)) AS total,
            (SELECT ${orderTsSql("max(newest)")} FROM (
               SELECT max(created_at) AS newest FROM virtual_accounts WHERE client_id = $1 AND ($2::text IS NULL OR currency = $2)
               UNION ALL
               SELECT max(created_at) FROM accounts WHERE client_id = $1 AND category IN ('settlement', 'parent') AND ($2::text IS NULL OR currency = $2)) AS n) AS newest`,
    [clientId, currency],
  );
  return { total: Number(rows[0]!.total), newest: rows[0]!.newest };
}

export async function fetchVirtualAccounts(
  db: Queryable,
  clientId: string,
  currency: string | null,
  window: { upTo: string; offset: number; limit: number },
): Promise<Array<ListedRow & { page_at: string }>> {
  // Each branch is ordered and limited on its own index, then merged: a UNION ALL of
  // differently typed projections is not flattened, so an ORDER BY over it alone would
  // read and sort every row of the client.
  const { rows } = await db.query<ListedRow & { page_at: string }>(
    `SELECT *, ${orderTsSql("created_at")} AS page_at FROM (
       (SELECT ${VA_COLUMNS}, 'virtual' AS category FROM virtual_accounts
        WHERE client_id = $1 AND ($2::text IS NULL OR currency = $2) AND created_at <= $3::timestamptz
        ORDER BY created_at DESC, virtual_account_number DESC LIMIT $4::bigint + $5)
       UNION ALL
       (SELECT ${STRUCTURE_AS_VA} FROM accounts
        WHERE client_id = $1 AND category IN ('settlement', 'parent') AND ($2::text IS NULL OR currency = $2) AND created_at <= $3::timestamptz
        ORDER BY created_at DESC, account_number DESC LIMIT $4::bigint + $5)) AS listed
     ORDER BY created_at DESC, virtual_account_number DESC OFFSET $4 LIMIT $5`,
    [clientId, currency, window.upTo, window.offset, window.limit],
  );
  return rows;
}

export type VirtualAccountChange = {
  accountHolderName?: string;
  accountName?: string;
  accountHolderType?: "Individual" | "Business";
  dob?: string;
  nativeLanguageName?: string;
  /** null clears it; undefined leaves it. */
  clientReference?: string | null;
  holderDetails?: HolderDetails;
  allocate: boolean;
};

export async function updateVirtualAccount(db: Queryable, clientId: string, number: string, change: VirtualAccountChange): Promise<VirtualAccountRow> {
  const { rows } = await db.query<VirtualAccountRow>(
    `UPDATE virtual_accounts SET
       account_holder_name = coalesce($3, account_holder_name),
       account_name = coalesce($4, account_name),
       account_holder_type = coalesce($5, account_holder_type),
       dob = coalesce($6::date, dob),
       native_language_name = coalesce($7, native_language_name),
       client_reference = CASE WHEN $8 THEN $9 ELSE client_reference END,
       holder_details = coalesce($10, holder_details),
       allocated_at = CASE WHEN $11 THEN now() ELSE allocated_at END,
       updated_at = now()
     WHERE client_id = $1 AND virtual_account_number = $2
     RETURNING ${VA_COLUMNS}`,
    [
      clientId,
      number,
      change.accountHolderName ?? null,
      change.accountName ?? null,
      change.accountHolderType ?? null,
      change.dob ?? null,
      change.nativeLanguageName ?? null,
      change.clientReference !== undefined,
      change.clientReference ?? null,
      change.holderDetails ? JSON.stringify(change.holderDetails) : null,
      change.allocate,
    ],
  );
  return rows[0]!;
}

export type BalanceRow = { number: string; currency: string; balance_minor: string };

/** Balances of the given numbers among the client's virtual and structure accounts; unknown ones are simply absent. */
export async function findBalances(db: Queryable, clientId: string, numbers: readonly string[]): Promise<BalanceRow[]> {
  const { rows } = await db.query<BalanceRow>(
    `SELECT virtual_account_number AS number, currency, balance_minor FROM virtual_accounts
     WHERE client_id = $1 AND virtual_account_number = ANY ($2::text[])
     UNION ALL
     SELECT account_number, currency, available_minor FROM accounts
     WHERE client_id = $1 AND category IN ('settlement', 'parent') AND account_number = ANY ($2::text[])`,
    [clientId, numbers],
  );
  return rows;
}

/**
 * The maintained sum (virtual_account_totals, kept by triggers in the same
 * transaction as every balance change: migrations/0013_b_list_scale.sql): at
 * most 16 rows, however many virtual accounts the client has.
 */
export async function sumBalances(db: Queryable, clientId: string, currency: string): Promise<bigint> {
  const { rows } = await db.query<{ sum: string }>(
    "SELECT coalesce(sum(balance_minor), 0)::text AS sum FROM virtual_account_totals WHERE client_id = $1 AND currency = $2",
    [clientId, currency],
  );
  return BigInt(rows[0]!.sum);
}

/** Locks the virtual account for a posting (the sub-ledger's order is taken under it); false when the client has no such account in that currency. */
export async function lockVirtualAccount(db: Queryable, clientId: string, number: string, currency: string): Promise<boolean> {
  const { rows } = await db.query("SELECT 1 FROM virtual_accounts WHERE client_id = $1 AND virtual_account_number = $2 AND currency = $3 FOR UPDATE", [
    clientId,
    number,
    currency,
  ]);
  return rows.length > 0;
}

/**
 * The sub-ledger posting of a journal entry already written: the posting is
 * the record and balance_minor the running sum, written in one statement so
 * they cannot disagree; booking time, dates and the link come from the
 * entry's posting on the control account. Returns the new balance.
 */
export async function appendVirtualAccountPosting(
  db: Queryable,
  posting: {
    clientId: string;
    number: string;
    amountMinor: bigint;
    currency: string;
    kind: string;
    reference: string | null;
    entryId: string;
    details: unknown;
  },
): Promise<bigint> {
  const { rows } = await db.query<{ balance_minor: string }>(
    `WITH l AS (
       SELECT posting_id, booked_at, booking_date, value_date FROM ledger_postings
       WHERE client_id = $1 AND entry_id = $7 AND bank_account = 'virtual_account_control:' || $4),
     a AS (
       UPDATE virtual_accounts SET balance_minor = balance_minor + $3, effective_date = now(), updated_at = now()
       WHERE client_id = $1 AND virtual_account_number = $2 AND currency = $4
       RETURNING balance_minor),
     p AS (
       INSERT INTO virtual_account_postings (client_id, virtual_account_number, amount_minor, currency, kind, reference, entry_id,
                                             ledger_posting_id, booked_at, booking_date, value_date, balance_after_minor, details)
       SELECT $1, $2, $3, $4, $5, $6, $7, l.posting_id, l.booked_at, l.booking_date, l.value_date, a.balance_minor, $8 FROM a, l)
     SELECT balance_minor FROM a`,
    [
      posting.clientId,
      posting.number,
      posting.amountMinor.toString(),
      posting.currency,
      posting.kind,
      posting.reference,
      posting.entryId,
      posting.details === undefined || posting.details === null ? null : JSON.stringify(posting.details),
    ],
  );
  return BigInt(rows[0]!.balance_minor);
}

export async function balanceFromPostings(db: Queryable, clientId: string, number: string): Promise<bigint> {
  const { rows } = await db.query<{ sum: string }>(
    "SELECT coalesce(sum(amount_minor), 0)::text AS sum FROM virtual_account_postings WHERE client_id = $1 AND virtual_account_number = $2",
    [clientId, number],
  );
  return BigInt(rows[0]!.sum);
}
