import "server-only";
import type { Queryable } from "@/lib/server/core/db/types";

/**
 * The ledger's invariants, checked from the stored rows (`npm run ops --
 * ledger verify`, docs/ledger.md): every entry sums to zero per currency;
 * every account's stored balance equals the sum of its postings, and its
 * stored posting count (the transactions list's total) their number; every
 * posting's balance-after is the one before it plus its amount; and the same
 * of every virtual account's sub-ledger, whose postings per client and
 * currency also sum to that client's postings on the bank's control account
 * for virtual accounts (docs/ledger.md, Virtual accounts). The first
 * discrepancy found is named; a clean ledger reports what it checked.
 */
export type LedgerDiscrepancy =
  | { check: "entry_balances"; clientId: string; entryId: string; currency: string; sumMinor: string }
  | { check: "account_balance"; clientId: string; accountId: string; storedMinor: string; postingsMinor: string }
  | { check: "posting_count"; clientId: string; accountId: string; stored: string; postings: string }
  | { check: "balance_after"; clientId: string; accountId: string; postingId: string; balanceAfterMinor: string; expectedMinor: string }
  | { check: "virtual_account_balance"; clientId: string; virtualAccountNumber: string; storedMinor: string; postingsMinor: string }
  | {
      check: "virtual_account_balance_after";
      clientId: string;
      virtualAccountNumber: string;
      postingId: string;
      balanceAfterMinor: string;
      expectedMinor: string;
    }
  | { check: "virtual_account_control"; clientId: string; currency: string; subLedgerMinor: string; controlMinor: string };

export type LedgerVerification =
  { ok: true; entries: number; accounts: number; postings: number } | { ok: false; discrepancy: LedgerDiscrepancy; message: string };

export async function verifyLedger(db: Queryable): Promise<LedgerVerification> {
  const unbalanced = await db.query<{ client_id: string; entry_id: string; currency: string; sum: string }>(
    `SELECT client_id, entry_id::text, currency, sum(amount_minor)::text AS sum FROM ledger_postings
     GROUP BY client_id, entry_id, currency HAVING sum(amount_minor) <> 0 ORDER BY client_id, entry_id LIMIT 1`,
  );
  const entry = unbalanced.rows[0];
  if (entry) {
    return {
      ok: false,
      discrepancy: { check: "entry_balances", clientId: entry.client_id, entryId: entry.entry_id, currency: entry.currency, sumMinor: entry.sum },
      message: `entry ${entry.entry_id} of client ${entry.client_id} sums to ${entry.sum} minor units of ${entry.currency}, not zero`,
    };
  }
  const mismatched = await db.query<{ client_id: string; account_id: string; stored: string; postings: string; stored_count: string; count: string }>(
    `SELECT a.client_id, a.account_id, a.available_minor::text AS stored, coalesce(s.total, 0)::text AS postings,
            a.posting_count::text AS stored_count, coalesce(s.n, 0)::text AS count
     FROM accounts a
     LEFT JOIN (SELECT client_id, account_id, sum(amount_minor) AS total, count(*) AS n FROM ledger_postings WHERE account_id IS NOT NULL GROUP BY client_id, account_id) s
       USING (client_id, account_id)
     WHERE a.available_minor <> coalesce(s.total, 0) OR a.posting_count <> coalesce(s.n, 0) ORDER BY a.client_id, a.account_id LIMIT 1`,
  );
  const account = mismatched.rows[0];
  if (account && account.stored === account.postings) {
    return {
      ok: false,
      discrepancy: {
        check: "posting_count",
        clientId: account.client_id,
        accountId: account.account_id,
        stored: account.stored_count,
        postings: account.count,
      },
      message: `account ${account.account_id} of client ${account.client_id} records ${account.stored_count} postings but has ${account.count}`,
    };
  }
  if (account) {
    return {
      ok: false,
      discrepancy: {
        check: "account_balance",
        clientId: account.client_id,
        accountId: account.account_id,
        storedMinor: account.stored,
        postingsMinor: account.postings,
      },
      message: `account ${account.account_id} of client ${account.client_id} holds ${account.stored} minor units but its postings sum to ${account.postings}`,
    };
  }
  const chain = await db.query<{ client_id: string; account_id: string; posting_id: string; balance_after: string; expected: string }>(
    `SELECT client_id, account_id, posting_id::text, balance_after_minor::text AS balance_after, expected::text
     FROM (SELECT client_id, account_id, posting_id, balance_after_minor,
                  sum(amount_minor) OVER (PARTITION BY client_id, account_id ORDER BY posting_id) AS expected
           FROM ledger_postings WHERE account_id IS NOT NULL) p
     WHERE balance_after_minor <> expected ORDER BY client_id, account_id, posting_id LIMIT 1`,
  );
  const posting = chain.rows[0];
  if (posting) {
    return {
      ok: false,
      discrepancy: {
        check: "balance_after",
        clientId: posting.client_id,
        accountId: posting.account_id,
        postingId: posting.posting_id,
        balanceAfterMinor: posting.balance_after,
        expectedMinor: posting.expected,
      },
      message: `posting ${posting.posting_id} of account ${posting.account_id} (client ${posting.client_id}) shows a balance after of ${posting.balance_after}, but the postings up to it sum to ${posting.expected}`,
    };
  }
  const virtual = await verifyVirtualAccounts(db);
  if (virtual) return { ok: false, ...virtual };
  const { rows } = await db.query<{ entries: string; accounts: string; postings: string }>(
    `SELECT (SELECT count(DISTINCT (client_id, entry_id)) FROM ledger_postings)::text AS entries,
            (SELECT count(*) FROM accounts)::text AS accounts, (SELECT count(*) FROM ledger_postings)::text AS postings`,
  );
  return { ok: true, entries: Number(rows[0]!.entries), accounts: Number(rows[0]!.accounts), postings: Number(rows[0]!.postings) };
}

/** The virtual accounts' sub-ledgers: each balance, each balance-after, and each client's total against the control account. */
async function verifyVirtualAccounts(db: Queryable): Promise<{ discrepancy: LedgerDiscrepancy; message: string } | null> {
  const balances = await db.query<{ client_id: string; number: string; stored: string; postings: string }>(
    `SELECT v.client_id, v.virtual_account_number AS number, v.balance_minor::text AS stored, coalesce(s.total, 0)::text AS postings
     FROM virtual_accounts v
     LEFT JOIN (SELECT client_id, virtual_account_number, sum(amount_minor) AS total FROM virtual_account_postings GROUP BY client_id, virtual_account_number) s
       USING (client_id, virtual_account_number)
     WHERE v.balance_minor <> coalesce(s.total, 0) ORDER BY v.client_id, v.virtual_account_number LIMIT 1`,
  );
  const va = balances.rows[0];
  if (va) {
    return {
      discrepancy: {
        check: "virtual_account_balance",
        clientId: va.client_id,
        virtualAccountNumber: va.number,
        storedMinor: va.stored,
        postingsMinor: va.postings,
      },
      message: `virtual account ${va.number} of client ${va.client_id} holds ${va.stored} minor units but its postings sum to ${va.postings}`,
    };
  }
  const chain = await db.query<{ client_id: string; number: string; posting_id: string; balance_after: string; expected: string }>(
    `SELECT client_id, virtual_account_number AS number, posting_id::text, balance_after_minor::text AS balance_after, expected::text
     FROM (SELECT client_id, virtual_account_number, posting_id, balance_after_minor,
                  sum(amount_minor) OVER (PARTITION BY client_id, virtual_account_number ORDER BY posting_id) AS expected
           FROM virtual_account_postings) p
     WHERE balance_after_minor <> expected ORDER BY client_id, virtual_account_number, posting_id LIMIT 1`,
  );
  const posting = chain.rows[0];
  if (posting) {
    return {
      discrepancy: {
        check: "virtual_account_balance_after",
        clientId: posting.client_id,
        virtualAccountNumber: posting.number,
        postingId: posting.posting_id,
        balanceAfterMinor: posting.balance_after,
        expectedMinor: posting.expected,
      },
      message: `posting ${posting.posting_id} of virtual account ${posting.number} (client ${posting.client_id}) shows a balance after of ${posting.balance_after}, but the postings up to it sum to ${posting.expected}`,
    };
  }
  const control = await db.query<{ client_id: string; currency: string; sub_ledger: string; control: string }>(
    `SELECT client_id, currency, coalesce(v.total, 0)::text AS sub_ledger, coalesce(c.total, 0)::text AS control
     FROM (SELECT client_id, currency, sum(amount_minor) AS total FROM virtual_account_postings GROUP BY client_id, currency) v
     FULL JOIN (SELECT client_id, currency, sum(amount_minor) AS total FROM ledger_postings
                WHERE bank_account LIKE 'virtual\\_account\\_control:%' GROUP BY client_id, currency) c USING (client_id, currency)
     WHERE coalesce(v.total, 0) <> coalesce(c.total, 0) ORDER BY client_id, currency LIMIT 1`,
  );
  const total = control.rows[0];
  if (total) {
    return {
      discrepancy: {
        check: "virtual_account_control",
        clientId: total.client_id,
        currency: total.currency,
        subLedgerMinor: total.sub_ledger,
        controlMinor: total.control,
      },
      message: `the virtual accounts of client ${total.client_id} hold ${total.sub_ledger} minor units of ${total.currency} but the control account's postings sum to ${total.control}`,
    };
  }
  return null;
}
