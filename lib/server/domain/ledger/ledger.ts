import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";
import { ZLedgerEntry, type BankAccountKind, type CauseType, type TLedgerEntry, type TPostingDetails } from "@/lib/server/domain/ledger/entry";

/**
 * The ledger's one writer, from TypeScript: SQL ledger_post_entry
 * (migrations/functions/ledger.sql), which the payment submission also calls
 * inside its statement. Postings are the record, accounts.available_minor the
 * running sum, written in the same statement so they cannot disagree. Callers
 * pass the transaction that makes the business change.
 */
export type PostedEntry = { entryId: string; balances: Record<string, bigint> };

/** Writes one entry; null when its covered account's balance does not cover it (nothing written). */
export async function postEntry(db: Queryable, entry: TLedgerEntry): Promise<PostedEntry | null> {
  const { rows } = await db.query<{ posted: { entryId: number; balances: Record<string, string> } | null }>("SELECT ledger_post_entry($1) AS posted", [
    JSON.stringify(ZLedgerEntry.parse(entry)),
  ]);
  const posted = rows[0]?.posted ?? null;
  if (!posted) return null;
  return { entryId: String(posted.entryId), balances: Object.fromEntries(Object.entries(posted.balances).map(([k, v]) => [k, BigInt(v)])) };
}

/** The bank account on the other side of a one-sided movement, by its kind. */
const COUNTER_ACCOUNT: Record<string, { bankAccount: BankAccountKind; causeType: CauseType }> = {
  opening_balance: { bankAccount: "opening_balances", causeType: "opening" },
  deposit: { bankAccount: "sandbox_funding", causeType: "deposit" },
};
const ADJUSTMENT = { bankAccount: "suspense", causeType: "adjustment" } as const;

export type Posting = {
  clientId: string;
  accountId: string;
  /** Signed minor units: credits positive, debits negative. */
  amountMinor: bigint;
  currency: string;
  /** `opening_balance` and `deposit` balance against opening balances and sandbox funding; anything else against suspense. */
  kind: string;
  reference: string | null;
  details?: TPostingDetails;
  /** A past booking time (the uat demo's history); absent: now. */
  bookedAt?: string;
};

/**
 * The balanced entry of a one-sided movement: `account` takes the amount, the
 * bank account the kind implies the opposite (a virtual account's credit uses
 * it with the control account, lib/server/domain/virtual-accounts/ledger.ts).
 */
export function oneSidedEntry(posting: Omit<Posting, "accountId">, account: { accountId: string } | { bankAccount: BankAccountKind }): TLedgerEntry {
  const counter = COUNTER_ACCOUNT[posting.kind] ?? ADJUSTMENT;
  return {
    clientId: posting.clientId,
    causeType: counter.causeType,
    reference: posting.reference ?? posting.kind,
    paymentId: null,
    valueDate: null,
    details: posting.details ?? null,
    coveredAccount: null,
    ...(posting.bookedAt ? { bookedAt: posting.bookedAt } : {}),
    postings: [
      { ...account, amountMinor: posting.amountMinor.toString(), currency: posting.currency, kind: posting.kind },
      { bankAccount: counter.bankAccount, amountMinor: (-posting.amountMinor).toString(), currency: posting.currency, kind: posting.kind },
    ],
  };
}

/**
 * A movement of one client account against the bank account its kind implies
 * (an opening balance, a sandbox deposit): a balanced entry of two postings.
 * Unconditional (a debit here may overdraw; payments use their own entry,
 * whose debit is covered). Returns the account's new available balance.
 */
export async function post(db: Queryable, posting: Posting): Promise<bigint> {
  const posted = await postEntry(db, oneSidedEntry(posting, { accountId: posting.accountId }));
  return posted!.balances[posting.accountId]!;
}

/** Recomputes a balance from its postings: what the stored balance must always equal. */
export async function balanceFromPostings(db: Queryable, clientId: string, accountId: string): Promise<bigint> {
  const { rows } = await db.query<{ sum: string | null }>(
    "SELECT sum(amount_minor)::text AS sum FROM ledger_postings WHERE client_id = $1 AND account_id = $2",
    [clientId, accountId],
  );
  return BigInt(rows[0]?.sum ?? "0");
}
