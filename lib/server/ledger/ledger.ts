import "server-only";
import type { Queryable } from "@/lib/server/db/types";

/**
 * The ledger: postings are the record, accounts.available_minor the running
 * sum, written in the same statement so they cannot disagree. Callers pass
 * the transaction that makes the business change.
 */
export type Posting = {
  clientId: string;
  accountId: string;
  /** Signed minor units: credits positive, debits negative. */
  amountMinor: bigint;
  currency: string;
  kind: string;
  reference: string | null;
};

/** Posts unconditionally (credits, releases); returns the new available balance. */
export async function post(db: Queryable, posting: Posting): Promise<bigint> {
  const { rows } = await db.query<{ available_minor: string }>(
    `WITH p AS (
       INSERT INTO ledger_postings (client_id, account_id, amount_minor, currency, kind, reference)
       VALUES ($1, $2, $3, $4, $5, $6))
     UPDATE accounts SET available_minor = available_minor + $3, balance_effective_date = now()
     WHERE client_id = $1 AND account_id = $2
     RETURNING available_minor`,
    [posting.clientId, posting.accountId, posting.amountMinor.toString(), posting.currency, posting.kind, posting.reference],
  );
  if (!rows[0]) throw new Error(`ledger: no account ${posting.accountId} for client ${posting.clientId}`);
  return BigInt(rows[0].available_minor);
}

/**
 * Debits only if the balance covers it (SQL ledger_debit_if_covered,
 * migrations/0007, shared with the payment submission). Its conditional
 * UPDATE takes the account's row lock, so concurrent debits queue behind
 * each other and see each other's effect: an account can never be
 * overdrawn. Returns the new balance, or null when funds are insufficient
 * (nothing is written).
 */
export async function debitIfCovered(db: Queryable, posting: Posting): Promise<bigint | null> {
  if (posting.amountMinor >= 0n) throw new Error("ledger: a debit must be negative");
  const { rows } = await db.query<{ available_minor: string | null }>(
    "SELECT ledger_debit_if_covered($1, $2, $3, $4, $5::bigint[], $6::text[])::text AS available_minor",
    [posting.clientId, posting.accountId, posting.currency, posting.reference, [posting.amountMinor.toString()], [posting.kind]],
  );
  const balance = rows[0]?.available_minor ?? null;
  return balance === null ? null : BigInt(balance);
}

/** Recomputes a balance from its postings: what the stored balance must always equal. */
export async function balanceFromPostings(db: Queryable, clientId: string, accountId: string): Promise<bigint> {
  const { rows } = await db.query<{ sum: string | null }>(
    "SELECT sum(amount_minor)::text AS sum FROM ledger_postings WHERE client_id = $1 AND account_id = $2",
    [clientId, accountId],
  );
  return BigInt(rows[0]?.sum ?? "0");
}
