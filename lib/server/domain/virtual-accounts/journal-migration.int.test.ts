import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZTransactionsQuery } from "@/lib/contract/ledger/schema";
import { MIGRATIONS_DIR, migrate } from "@/lib/server/core/db/migrate";
import { listTransactions } from "@/lib/server/domain/ledger/activity";
import { verifyLedger } from "@/lib/server/domain/ledger/verify";
import { createThrowawayDatabase } from "@/tests/throwaway-database";

/**
 * Migration 0022 on a database that already holds virtual-account postings of the old
 * shape (issue 5's sub-ledger, outside the journal): each becomes a balanced journal entry
 * on the control account, booked when it was, and gets its balance after, booking and value
 * dates; the verifier then passes and the listing reads them. A throwaway database is
 * migrated to just before 0022, given old rows, then migrated on.
 */
let pool: pg.Pool;
let drop: (() => Promise<void>) | undefined;
let before: string;

beforeAll(async () => {
  ({ pool, drop } = await createThrowawayDatabase("va0022"));
  before = await mkdtemp(path.join(tmpdir(), "harbour-before-0022-"));
  for (const file of await readdir(MIGRATIONS_DIR)) {
    if (file === "functions" || (file.endsWith(".sql") && file < "0022"))
      await cp(path.join(MIGRATIONS_DIR, file), path.join(before, file), { recursive: true });
  }
  await migrate(pool, before);
});

afterAll(async () => {
  await drop?.();
  if (before) await rm(before, { recursive: true, force: true });
});

describe("migration 0022: existing virtual-account postings join the journal", () => {
  it("backfills a balanced entry, the balance after and the dates of every posting; the verifier passes and the listing reads them", async () => {
    await pool.query(
      "INSERT INTO clients (client_id, name, cif, secret_hash, permissions, signing_mode) VALUES ('old', 'Old Co', 'CIF-OLD', 'x', '{}', 'hmac')",
    );
    await pool.query(
      "INSERT INTO virtual_accounts (client_id, virtual_account_number, currency, balance_minor) VALUES ('old', 'VA-USD', 'USD', 124500), ('old', 'VA-KYD', 'KYD', 10000)",
    );
    // Bermuda is UTC-4 in November: 02:00Z on the 3rd is still the 2nd in bank time.
    await pool.query(
      `INSERT INTO virtual_account_postings (client_id, virtual_account_number, amount_minor, currency, kind, reference, created_at) VALUES
         ('old', 'VA-USD', 100000, 'USD', 'opening_balance', 'OPEN-VA-USD', '2026-11-02T12:00:00Z'),
         ('old', 'VA-USD', 25000, 'USD', 'deposit', 'DEP-1', '2026-11-03T02:00:00Z'),
         ('old', 'VA-USD', 500, 'USD', 'deposit', NULL, '2026-11-03T02:00:00Z'),
         ('old', 'VA-USD', -1000, 'USD', 'correction', 'ADJ-1', '2026-11-04T12:00:00Z'),
         ('old', 'VA-KYD', 10000, 'KYD', 'deposit', 'DEP-2', '2026-11-04T13:00:00Z')`,
    );

    await migrate(pool);

    const { rows } = await pool.query<{ n: string; after: string; booking: string; value: string; counter: string; control: string }>(
      `SELECT v.virtual_account_number AS n, v.balance_after_minor::text AS after, v.booking_date::text AS booking, v.value_date::text AS value,
              (SELECT bank_account FROM ledger_postings l WHERE l.client_id = v.client_id AND l.entry_id = v.entry_id AND l.posting_id <> v.ledger_posting_id) AS counter,
              (SELECT bank_account || ' ' || amount_minor FROM ledger_postings l WHERE l.client_id = v.client_id AND l.posting_id = v.ledger_posting_id) AS control
       FROM virtual_account_postings v WHERE client_id = 'old' ORDER BY posting_id`,
    );
    expect(rows.map((r) => `${r.n} ${r.after} ${r.booking} ${r.value} ${r.counter} | ${r.control}`)).toEqual([
      "VA-USD 100000 2026-11-02 2026-11-02 opening_balances:USD | virtual_account_control:USD 100000",
      "VA-USD 125000 2026-11-02 2026-11-02 sandbox_funding:USD | virtual_account_control:USD 25000",
      "VA-USD 125500 2026-11-02 2026-11-02 sandbox_funding:USD | virtual_account_control:USD 500",
      "VA-USD 124500 2026-11-04 2026-11-04 suspense:USD | virtual_account_control:USD -1000",
      "VA-KYD 10000 2026-11-04 2026-11-04 sandbox_funding:KYD | virtual_account_control:KYD 10000",
    ]);
    expect(await verifyLedger(pool)).toMatchObject({ ok: true });

    const list = await listTransactions(pool, "old", "virtual", "VA-USD", ZTransactionsQuery.parse({}), "a-page-token-secret-for-this-test-only");
    expect(list.data.map((t) => `${t.kind} ${t.type} ${t.amount.amount} ${t.balanceAfter.amount} ${t.references.reference}`)).toEqual([
      "Adjustment Debit 10.00 1245.00 ADJ-1",
      "Deposit Credit 5.00 1255.00 deposit",
      "Deposit Credit 250.00 1250.00 DEP-1",
      "OpeningBalance Credit 1000.00 1000.00 OPEN-VA-USD",
    ]);
  });
});
