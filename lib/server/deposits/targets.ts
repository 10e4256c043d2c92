import "server-only";
import { isActiveStatus } from "@/lib/contract/accounts/schema";
import type { Queryable } from "@/lib/server/db/types";
import { findCreditableAccount } from "@/lib/server/deposits/repo";
import type { Posting } from "@/lib/server/ledger/ledger";
import { virtualAccountTarget } from "@/lib/server/virtual-accounts/deposits";

/**
 * Where a deposit to an account number lands. The extension point for
 * virtual accounts: a resolver returns the ledger account to post to (for a
 * virtual account, whichever ledger account its engineer chooses) and the
 * number to report in the webhook. Resolvers are tried in order; the first
 * non-null answer wins.
 */
export type DepositTarget = {
  /** accounts.account_id the ledger posting goes to. */
  ledgerAccountId: string;
  /** The number the client sent; reported as accountNumber in the webhook. */
  accountNumber: string;
  currency: string;
  /** Closed or blocked accounts do not take deposits. */
  acceptsCredits: boolean;
  /** A ledger other than lib/ledger (virtual accounts keep their own postings); lib/ledger's post when absent. */
  post?: (db: Queryable, posting: Posting) => Promise<bigint>;
};

export type DepositTargetResolver = (db: Queryable, clientId: string, accountNumber: string) => Promise<DepositTarget | null>;

export const realAccountTarget: DepositTargetResolver = async (db, clientId, accountNumber) => {
  const row = await findCreditableAccount(db, clientId, accountNumber);
  if (!row) return null;
  return {
    ledgerAccountId: row.account_id,
    accountNumber: row.account_number,
    currency: row.currency,
    acceptsCredits: isActiveStatus(row.status),
  };
};

/** Virtual accounts (migrations/0004) add their resolver here. */
export const DEPOSIT_TARGET_RESOLVERS: DepositTargetResolver[] = [realAccountTarget, virtualAccountTarget];

export async function resolveDepositTarget(db: Queryable, clientId: string, accountNumber: string): Promise<DepositTarget | null> {
  for (const resolve of DEPOSIT_TARGET_RESOLVERS) {
    const target = await resolve(db, clientId, accountNumber);
    if (target) return target;
  }
  return null;
}
