import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";
import type { Posting } from "@/lib/server/domain/ledger/ledger";

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
