import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { withTransaction } from "@/lib/server/core/db/transaction";
import { ZLedgerEntry, type TLedgerEntry } from "@/lib/server/domain/ledger/entry";
import { balanceFromPostings, post, postEntry } from "@/lib/server/domain/ledger/ledger";
import { verifyLedger } from "@/lib/server/domain/ledger/verify";
import { runCli } from "@/lib/server/entry/cli/run";
import ledgerVerify from "@/lib/server/entry/cli/commands/ledger-verify";
import { getRuntime } from "@/lib/server/entry/runtime";

const account = { clientId: "acme", accountId: "ACC-1000123459", currency: "BMD" };

async function stored(): Promise<bigint> {
  const { db } = await getRuntime();
  const { rows } = await db.query<{ a: string }>("SELECT available_minor::text AS a FROM accounts WHERE client_id = $1 AND account_id = $2", [
    account.clientId,
    account.accountId,
  ]);
  return BigInt(rows[0]!.a);
}

/** A covered debit of the account against ACH clearing, as a payment's entry is. */
function debit(amount: bigint, chargeMinor = 0n): TLedgerEntry {
  const id = randomUUID();
  return {
    clientId: account.clientId,
    causeType: "payment",
    reference: id,
    paymentId: id,
    valueDate: null,
    details: null,
    coveredAccount: account.accountId,
    postings: [
      { accountId: account.accountId, amountMinor: (-amount).toString(), currency: "BMD", kind: "payment" },
      { bankAccount: "ach_clearing", amountMinor: amount.toString(), currency: "BMD", kind: "payment" },
      ...(chargeMinor > 0n
        ? [
            { accountId: account.accountId, amountMinor: (-chargeMinor).toString(), currency: "BMD", kind: "payment_charge" },
            { bankAccount: "fee_income" as const, amountMinor: chargeMinor.toString(), currency: "BMD", kind: "payment_charge" },
          ]
        : []),
    ],
  };
}

async function verifyCli(): Promise<{ code: number; out: string }> {
  const runtime = await getRuntime();
  const out: string[] = [];
  const context = async () => ({
    db: runtime.db,
    appEnv: runtime.config.appEnv,
    actor: "system:test",
    correlationId: randomUUID(),
    baseUrl: "http://localhost",
  });
  const code = await runCli(["ledger", "verify", "--json"], [ledgerVerify], context, { out: (l) => out.push(l), err: (l) => out.push(l) });
  return { code, out: out.join("\n") };
}

describe("ledger writer (SQL ledger_post_entry)", () => {
  it("writes a balanced entry and keeps the stored balance equal to the sum of postings", async () => {
    const { db } = await getRuntime();
    const before = await stored();
    expect(await post(db, { ...account, amountMinor: 12_345n, kind: "deposit", reference: "t1" })).toBe(before + 12_345n);
    expect(await stored()).toBe(await balanceFromPostings(db, account.clientId, account.accountId));
    const { rows } = await db.query<{ bank_account: string | null; amount_minor: string }>(
      "SELECT bank_account, amount_minor::text FROM ledger_postings WHERE client_id = 'acme' AND reference = 't1' ORDER BY posting_id",
    );
    expect(rows).toEqual([
      { bank_account: null, amount_minor: "12345" },
      { bank_account: "sandbox_funding:BMD", amount_minor: "-12345" },
    ]);
    expect(await verifyLedger(db)).toMatchObject({ ok: true });
  });

  it("shows the balance after each posting, a principal and its charge in one entry", async () => {
    const { db } = await getRuntime();
    const before = await stored();
    const posted = await postEntry(db, debit(1_000n, 35n));
    expect(posted!.balances[account.accountId]).toBe(before - 1_035n);
    const { rows } = await db.query<{ kind: string; balance_after_minor: string }>(
      "SELECT kind, balance_after_minor::text FROM ledger_postings WHERE client_id = 'acme' AND entry_id = $1 AND account_id IS NOT NULL ORDER BY posting_id",
      [posted!.entryId],
    );
    expect(rows).toEqual([
      { kind: "payment", balance_after_minor: String(before - 1_000n) },
      { kind: "payment_charge", balance_after_minor: String(before - 1_035n) },
    ]);
  });

  it("refuses an entry that does not balance, writing nothing (the SQL checks, not only the schema)", async () => {
    const { db } = await getRuntime();
    const entry = debit(500n);
    entry.postings[1]!.amountMinor = "499";
    expect(ZLedgerEntry.safeParse(entry).success).toBe(false);
    const before = await stored();
    await expect(db.query("SELECT ledger_post_entry($1)", [JSON.stringify(entry)])).rejects.toThrow(/sum to zero per currency/);
    expect(await stored()).toBe(before);
  });

  it("answers null and writes nothing when the covered account cannot pay", async () => {
    const { db } = await getRuntime();
    const before = await stored();
    expect(await postEntry(db, debit(before + 1n))).toBeNull();
    expect(await stored()).toBe(before);
  });

  it("never overdraws under concurrent covered debits", async () => {
    const { db } = await getRuntime();
    const start = await stored();
    const slice = (start * 3n) / 10n;
    const results = await Promise.all(Array.from({ length: 10 }, () => withTransaction(db, (tx) => postEntry(tx, debit(slice)))));
    expect(results.filter((r) => r !== null)).toHaveLength(3);
    expect(await stored()).toBe(start - 3n * slice);
    expect(await stored()).toBe(await balanceFromPostings(db, account.clientId, account.accountId));
    expect((await verifyCli()).code).toBe(0);
  });
});

describe("ledger verify", () => {
  it("passes on the migrated demo data and names the first discrepancy otherwise", async () => {
    const { db } = await getRuntime();
    const clean = await verifyCli();
    expect(clean.code).toBe(0);
    expect(JSON.parse(clean.out)).toMatchObject({ ok: true });

    const rollback = new Error("rollback");
    const found = await withTransaction(db, async (tx) => {
      await tx.query("UPDATE accounts SET available_minor = available_minor + 1 WHERE client_id = 'acme' AND account_id = $1", [account.accountId]);
      const balance = await verifyLedger(tx);
      await tx.query(
        `INSERT INTO ledger_postings (client_id, entry_id, bank_account, amount_minor, currency, kind, reference, cause_type, value_date, booking_date)
         VALUES ('acme', nextval('ledger_entry_seq'), 'suspense:USD', 7, 'USD', 'tampered', 'x', 'adjustment', current_date, current_date)`,
      );
      const entry = await verifyLedger(tx);
      throw Object.assign(rollback, { found: [balance, entry] });
    }).catch((error: { found?: unknown[] }) => error.found);
    expect(found![0]).toMatchObject({ ok: false, discrepancy: { check: "account_balance", accountId: account.accountId } });
    expect(found![1]).toMatchObject({ ok: false, discrepancy: { check: "entry_balances", currency: "USD", sumMinor: "7" } });
    expect((await verifyCli()).code).toBe(0);
  });
});
