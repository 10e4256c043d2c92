import { describe, expect, it } from "vitest";
import { GET as total } from "@/app/v1/virtual-accounts/balances/total/route";
import { virtualAccountNumber } from "@/lib/contract/virtual-accounts/numbering";
import { withTransaction } from "@/lib/server/core/db/transaction";
import { purgeFinishedDeliveries } from "@/lib/server/domain/delivery/repo";
import { getRuntime } from "@/lib/server/entry/runtime";
import { postToVirtualAccount } from "@/lib/server/domain/virtual-accounts/ledger";
import { call, tokenFor } from "@/tests/api";

/**
 * The maintained counts and totals (migrations/0013_b_list_scale.sql) equal
 * what they summarise after every kind of change, concurrent ones included,
 * and a rolled-back change leaves them untouched. The comparison is against
 * a full aggregate of the rows, so any drift fails.
 */
async function drift(): Promise<Record<string, unknown[]>> {
  const { db } = await getRuntime();
  const queries = {
    virtualAccounts: `SELECT coalesce(t.client_id, a.client_id) AS client_id, coalesce(t.currency, a.currency) AS currency, t.accounts, a.accounts AS actual_accounts, t.balance, a.balance AS actual_balance
      FROM (SELECT client_id, currency, sum(accounts)::bigint AS accounts, sum(balance_minor)::bigint AS balance FROM virtual_account_totals GROUP BY 1, 2 HAVING sum(accounts) <> 0 OR sum(balance_minor) <> 0) t
      FULL JOIN (SELECT client_id, currency, count(*)::bigint AS accounts, sum(balance_minor)::bigint AS balance FROM virtual_accounts GROUP BY 1, 2) a USING (client_id, currency)
      WHERE t.accounts IS DISTINCT FROM a.accounts OR t.balance IS DISTINCT FROM a.balance`,
    payments: `SELECT * FROM (SELECT client_id, scope, sum(n)::bigint AS n FROM list_counts WHERE list = 'payments_by_account' GROUP BY 1, 2 HAVING sum(n) <> 0) c
      FULL JOIN (SELECT client_id, debtor_account_id AS scope, count(*)::bigint AS actual FROM payments GROUP BY 1, 2) p USING (client_id, scope)
      WHERE c.n IS DISTINCT FROM p.actual`,
    attempts: `SELECT * FROM (SELECT client_id, scope, sum(n)::bigint AS n FROM list_counts WHERE list = 'attempts_by_source' GROUP BY 1, 2 HAVING sum(n) <> 0) c
      FULL JOIN (SELECT a.client_id, d.source_kind || ':' || d.source_id AS scope, count(*)::bigint AS actual
                 FROM delivery_attempts a JOIN deliveries d USING (client_id, delivery_id) GROUP BY 1, 2) p USING (client_id, scope)
      WHERE c.n IS DISTINCT FROM p.actual`,
  };
  const out: Record<string, unknown[]> = {};
  for (const [name, sql] of Object.entries(queries)) out[name] = (await db.query(sql)).rows;
  return out;
}

const none = { virtualAccounts: [], payments: [], attempts: [] };

describe("maintained list counts and virtual-account totals", () => {
  it("match the rows after the demo data is loaded", async () => {
    expect(await drift()).toEqual(none);
  });

  it("follow bulk creation, concurrent deposits, a currency change and deletes, and ignore a rolled-back deposit", async () => {
    const { db } = await getRuntime();
    const numbers = Array.from({ length: 300 }, (_, i) => virtualAccountNumber(700_000 + i));
    await db.query(
      `INSERT INTO virtual_accounts (client_id, virtual_account_number, currency) SELECT 'acme', n, CASE WHEN i % 2 = 0 THEN 'BMD' ELSE 'USD' END
       FROM unnest($1::text[]) WITH ORDINALITY AS u (n, i)`,
      [numbers],
    );
    // 60 deposits in parallel transactions, several into the same accounts and slots.
    await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        withTransaction(db, (tx) =>
          postToVirtualAccount(tx, {
            clientId: "acme",
            number: numbers[i % 40]!,
            amountMinor: BigInt(100 + i),
            currency: (i % 40) % 2 === 0 ? "USD" : "BMD",
            kind: "deposit",
            reference: `t${i}`,
          }),
        ),
      ),
    );
    await withTransaction(db, async (tx) => {
      await tx.query(
        "UPDATE virtual_accounts SET currency = 'USD' WHERE client_id = 'acme' AND virtual_account_number = ANY ($1::text[]) AND currency = 'BMD'",
        [numbers.slice(0, 10)],
      );
    });
    await expect(
      withTransaction(db, async (tx) => {
        await postToVirtualAccount(tx, {
          clientId: "acme",
          number: numbers[1]!,
          amountMinor: 999_999n,
          currency: "USD",
          kind: "deposit",
          reference: "rolled back",
        });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    await db.query("DELETE FROM virtual_account_postings WHERE client_id = 'acme' AND virtual_account_number = ANY ($1::text[])", [numbers.slice(200)]);
    await db.query("DELETE FROM virtual_accounts WHERE client_id = 'acme' AND virtual_account_number = ANY ($1::text[])", [numbers.slice(200)]);
    expect(await drift()).toEqual(none);
  });

  it("GET /v1/virtual-accounts/balances/total answers the sum of the balances", async () => {
    const { db } = await getRuntime();
    const { rows } = await db.query<{ sum: string }>(
      "SELECT coalesce(sum(balance_minor), 0)::text AS sum FROM virtual_accounts WHERE client_id = 'acme' AND currency = 'USD'",
    );
    const res = await call<{ currency: string; amount: string }>(total, "/v1/virtual-accounts/balances/total?currency=USD", { token: await tokenFor("acme") });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ currency: "USD", amount: (Number(rows[0]!.sum) / 100).toFixed(2) });
  });

  it("follow attempts recorded and deliveries purged", async () => {
    const { db } = await getRuntime();
    await db.query(
      `WITH d AS (
         INSERT INTO deliveries (client_id, delivery_id, source_kind, source_id, url, body, status, attempt_count, completed_at)
         SELECT 'acme', gen_random_uuid(), 'subscription', 'sub-' || (k % 3), 'https://example.test/', '{}', 'Failed', 0, now() - interval '400 days'
         FROM generate_series(1, 30) AS k RETURNING delivery_id)
       INSERT INTO delivery_attempts (client_id, delivery_id, attempt_no, attempted_at, latency_ms, succeeded)
       SELECT 'acme', delivery_id, a, now(), 1, false FROM d, generate_series(1, 4) AS a`,
    );
    // The writer records the count with the attempt (lib/server/domain/delivery/repo.ts recordAttempt).
    await db.query(
      "UPDATE deliveries d SET attempt_count = (SELECT max(attempt_no) FROM delivery_attempts a WHERE a.client_id = d.client_id AND a.delivery_id = d.delivery_id) WHERE source_id LIKE 'sub-%'",
    );
    expect(await drift()).toEqual(none);
    expect(await purgeFinishedDeliveries(db, 30)).toBeGreaterThanOrEqual(30);
    expect(await drift()).toEqual(none);
  });
});
