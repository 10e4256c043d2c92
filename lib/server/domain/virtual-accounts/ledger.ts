import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";
import type { TPostingDetails } from "@/lib/server/domain/ledger/entry";
import { oneSidedEntry, postEntry } from "@/lib/server/domain/ledger/ledger";
import { appendVirtualAccountPosting, lockVirtualAccount } from "@/lib/server/domain/virtual-accounts/repo";

/**
 * A movement of a virtual account (docs/ledger.md, Virtual accounts): one
 * balanced journal entry between the bank's control account for virtual
 * accounts and the account its kind implies (a deposit: sandbox funding; an
 * opening balance: opening balances; anything else: suspense), and the
 * virtual account's sub-ledger posting linked to it, in the caller's
 * transaction. The virtual account is locked first, so its postings' booking
 * times and control-posting ids follow its balance order. Returns the new
 * balance, or null when the client has no such virtual account in that currency.
 */
export async function postToVirtualAccount(
  db: Queryable,
  posting: { clientId: string; number: string; amountMinor: bigint; currency: string; kind: string; reference: string | null; details?: TPostingDetails },
): Promise<bigint | null> {
  if (!(await lockVirtualAccount(db, posting.clientId, posting.number, posting.currency))) return null;
  const posted = await postEntry(db, oneSidedEntry(posting, { bankAccount: "virtual_account_control" }));
  return appendVirtualAccountPosting(db, { ...posting, entryId: posted!.entryId, details: posting.details ?? null });
}
