import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";
import type { TAccountBalances } from "@/lib/contract/ledger/schema";
import { formatAmount } from "@/lib/contract/money";
import { accountNotFound } from "@/lib/server/domain/ledger/activity";

/**
 * GET /v1/accounts/{accountNumber}/balances (docs/ledger.md, Available and
 * booked balance). The available balance is the stored one (the sum of the
 * account's postings); the booked balance adds back what the account's
 * Pending payments hold (principal and charge, reserved at submission and
 * released or returned when they settle or fail). One statement, so both are
 * read from one snapshot. The partial index of migration 0022_b keeps the
 * Pending payments an index range however many payments the account has.
 */
export async function getAccountBalances(db: Queryable, clientId: string, accountNumber: string): Promise<TAccountBalances> {
  const { rows } = await db.query<{ currency: string; available: string; held: string; pending: string; effective: Date }>(
    `SELECT a.currency, a.available_minor::text AS available, a.balance_effective_date AS effective,
            coalesce(sum(p.debit_minor + p.charge_minor), 0)::text AS held, count(p.payment_id)::text AS pending
     FROM accounts a
     LEFT JOIN payments p ON p.client_id = a.client_id AND p.debtor_account_id = a.account_id AND p.status = 'Pending' AND p.funds_held
     WHERE a.client_id = $1 AND a.account_number = $2
     GROUP BY a.currency, a.available_minor, a.balance_effective_date`,
    [clientId, accountNumber],
  );
  const row = rows[0];
  if (!row) throw accountNotFound(accountNumber);
  const money = (minor: bigint) => ({ currency: row.currency, amount: formatAmount(minor, row.currency) });
  const available = BigInt(row.available);
  const held = BigInt(row.held);
  return {
    accountNumber,
    currency: row.currency,
    availableBalance: money(available),
    bookedBalance: money(available + held),
    heldForPendingPayments: money(held),
    pendingPayments: Number(row.pending),
    balanceEffectiveDate: row.effective.toISOString(),
  };
}
