import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";
import type { DepositTargetResolver } from "@/lib/server/domain/deposits/resolver";
import type { Posting } from "@/lib/server/domain/ledger/ledger";
import { postToVirtualAccount } from "@/lib/server/domain/virtual-accounts/ledger";
import { findVirtualAccount } from "@/lib/server/domain/virtual-accounts/repo";

/**
 * Posts to the virtual-account ledger with lib/ledger's signature, so the
 * deposit service credits a virtual account exactly as it credits a real one
 * (in its transaction, beside the deposit event). `accountId` is the virtual
 * account number: that is the ledger key of this sub-ledger.
 */
export async function postVirtualAccountPosting(db: Queryable, posting: Posting): Promise<bigint> {
  const balance = await postToVirtualAccount(db, {
    clientId: posting.clientId,
    number: posting.accountId,
    amountMinor: posting.amountMinor,
    currency: posting.currency,
    kind: posting.kind,
    reference: posting.reference,
    details: posting.details,
  });
  if (balance === null) throw new Error(`virtual accounts: no ${posting.currency} virtual account ${posting.accountId} for client ${posting.clientId}`);
  return balance;
}

/** The deposit extension point (lib/server/domain/deposits/targets.ts): a deposit to a virtual account number credits that virtual account. */
export const virtualAccountTarget: DepositTargetResolver = async (db, clientId, accountNumber) => {
  const account = await findVirtualAccount(db, clientId, accountNumber);
  if (!account) return null;
  return {
    ledgerAccountId: account.virtual_account_number,
    accountNumber: account.virtual_account_number,
    currency: account.currency,
    // Unallocated accounts take deposits too: the client allocates them when the payer is known.
    acceptsCredits: true,
    post: postVirtualAccountPosting,
  };
};
