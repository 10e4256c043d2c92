import "server-only";
import { isActiveStatus } from "@/lib/contract/accounts/schema";
import type { Queryable } from "@/lib/server/core/db/types";
import { findCreditableAccount } from "@/lib/server/domain/deposits/repo";
import type { DepositTarget, DepositTargetResolver } from "@/lib/server/domain/deposits/resolver";
import { virtualAccountTarget } from "@/lib/server/domain/virtual-accounts/deposits";

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
