import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";

/** The only SQL for deposits: finding the real account a deposit credits. */

export type CreditableAccountRow = { account_id: string; account_number: string; currency: string; status: string };

export async function findCreditableAccount(db: Queryable, clientId: string, accountNumber: string): Promise<CreditableAccountRow | null> {
  const { rows } = await db.query<CreditableAccountRow>(
    "SELECT account_id, account_number, currency, status FROM accounts WHERE client_id = $1 AND account_number = $2",
    [clientId, accountNumber],
  );
  return rows[0] ?? null;
}
