import { randomUUID } from "node:crypto";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "@/lib/server/entry/cli/run";
import { COMMANDS } from "@/lib/server/entry/cli/commands";
import { prepareDatabase } from "@/lib/server/entry/runtime";
import { createThrowawayDatabase } from "@/tests/throwaway-database";

/**
 * `npm run ops -- ledger verify` exits 1 and names the first discrepancy (issue 13):
 * through the command line's own dispatcher, on a throwaway database (migrated and
 * seeded as any) that is damaged on purpose, one invariant at a time, and dropped after.
 * Each damage is reported ahead of the ones made before it, in the verifier's order:
 * entries, then balances, then posting counts, then the balance-after chain.
 */
let pool: pg.Pool;
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ pool, drop } = await createThrowawayDatabase("verify"));
  await prepareDatabase(pool, { seedDemoData: true });
});

afterAll(async () => {
  await drop?.();
});

async function verify(): Promise<{ code: number; out: string; err: string; json: { error?: { code: string; message: string }; ok?: boolean } }> {
  const out: string[] = [];
  const err: string[] = [];
  const context = async () => ({ db: pool, appEnv: "uat" as const, actor: "system:test", correlationId: randomUUID(), baseUrl: "http://localhost" });
  const code = await runCli(["ledger", "verify", "--json"], COMMANDS, context, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join("\n"), err: err.join("\n"), json: out.length ? JSON.parse(out.join("\n")) : {} };
}

/** The seeded account that is damaged, and one of its postings. */
async function target(): Promise<{ accountId: string; postingId: string }> {
  const { rows } = await pool.query<{ account_id: string; posting_id: string }>(
    "SELECT account_id, max(posting_id)::text AS posting_id FROM ledger_postings WHERE client_id = 'acme' AND account_id = 'ACC-1000123456' GROUP BY account_id",
  );
  return { accountId: rows[0]!.account_id, postingId: rows[0]!.posting_id };
}

describe("npm run ops -- ledger verify: the exit code an operator's script reads", () => {
  it("exits 0 on the seeded ledger, then 1 naming each deliberate discrepancy, the first by the verifier's order", async () => {
    const clean = await verify();
    expect(clean.code).toBe(0);
    expect(clean.json).toMatchObject({ ok: true });

    const { accountId, postingId } = await target();

    await pool.query("UPDATE ledger_postings SET balance_after_minor = balance_after_minor + 5 WHERE client_id = 'acme' AND posting_id = $1", [postingId]);
    const chain = await verify();
    expect(chain.code).toBe(1);
    expect(chain.err).toMatch(new RegExp(`ledger verify: refused: Ledger discrepancy: posting ${postingId} of account ${accountId}`));
    expect(chain.json.error).toMatchObject({ code: "LEDGER_DISCREPANCY" });

    await pool.query("UPDATE accounts SET posting_count = posting_count + 2 WHERE client_id = 'acme' AND account_id = $1", [accountId]);
    const count = await verify();
    expect(count.code).toBe(1);
    expect(count.err).toMatch(new RegExp(`account ${accountId} of client acme records \\d+ postings but has \\d+`));

    await pool.query("UPDATE accounts SET available_minor = available_minor - 1 WHERE client_id = 'acme' AND account_id = $1", [accountId]);
    const balance = await verify();
    expect(balance.code).toBe(1);
    expect(balance.err).toMatch(new RegExp(`account ${accountId} of client acme holds \\d+ minor units but its postings sum to \\d+`));

    await pool.query(
      `INSERT INTO ledger_postings (client_id, entry_id, bank_account, amount_minor, currency, kind, reference, cause_type, value_date, booking_date)
       VALUES ('acme', nextval('ledger_entry_seq'), 'suspense:EUR', 7, 'EUR', 'tampered', 'x', 'adjustment', current_date, current_date)`,
    );
    const entry = await verify();
    expect(entry.code).toBe(1);
    expect(entry.err).toMatch(/entry \d+ of client acme sums to 7 minor units of EUR, not zero/);
  });
});
