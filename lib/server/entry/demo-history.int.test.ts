import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareDatabase } from "@/lib/server/entry/runtime";
import { verifyLedger } from "@/lib/server/domain/ledger/verify";
import { listAccountTransactions } from "@/lib/server/domain/ledger/activity";
import { ZTransactionsQuery } from "@/lib/contract/ledger/schema";
import { bankLocalParts } from "@/lib/contract/time/bank-time";
import { createThrowawayDatabase } from "@/tests/throwaway-database";

/**
 * The uat demo with DEMO_HISTORY_DAYS=90 (lib/server/entry/demo-history.ts): on a database of its own (the
 * suite's template is seeded without history), the ledger still verifies, the history spans the ninety days
 * before today on business days in bank time, and each kind of movement is there, as the transactions list
 * and its search show them.
 */
let pool: pg.Pool;
let drop: (() => Promise<void>) | undefined;
let seedMs = 0;

beforeAll(async () => {
  ({ pool, drop } = await createThrowawayDatabase("history"));
  const started = performance.now();
  await prepareDatabase(pool, { seedDemoData: true, demoHistoryDays: 90 });
  seedMs = performance.now() - started;
}, 120_000);

afterAll(async () => {
  await drop?.();
});

const transactions = async (accountNumber: string, query: Record<string, string> = {}) =>
  (await listAccountTransactions(pool, "acme", accountNumber, ZTransactionsQuery.parse({ pageSize: "500", ...query }), "history-test-secret")).data;

describe("ninety days of demo history", () => {
  it("balances: every entry sums to zero and every balance is its postings (ops ledger verify)", async () => {
    const verified = await verifyLedger(pool);
    expect(verified).toMatchObject({ ok: true });
    console.log(`seeded with 90 days of history in ${Math.round(seedMs)} ms; ${JSON.stringify(verified)}`);
  });

  it("never overdraws an account: every balance after a posting of Acme's is zero or more", async () => {
    const { rows } = await pool.query<{ n: string }>("SELECT count(*)::text AS n FROM ledger_postings WHERE client_id = 'acme' AND balance_after_minor < 0");
    expect(rows[0]!.n).toBe("0");
  });

  it("spans the ninety days before today, booked on business days in bank time, after the opening balances", async () => {
    const { rows } = await pool.query<{ day: string; weekday: number; n: string }>(
      `SELECT (booked_at AT TIME ZONE 'Atlantic/Bermuda')::date::text AS day, extract(isodow FROM booked_at AT TIME ZONE 'Atlantic/Bermuda')::int AS weekday,
              count(*)::text AS n
       FROM ledger_postings WHERE client_id = 'acme' AND account_id = 'ACC-1000123456' AND kind <> 'opening_balance' GROUP BY 1, 2 ORDER BY 1`,
    );
    const today = bankLocalParts().date;
    const daysAgo = (day: string) => (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / 86_400_000;
    expect(daysAgo(rows[0]!.day)).toBeGreaterThanOrEqual(85);
    expect(daysAgo(rows[0]!.day)).toBeLessThanOrEqual(90);
    expect(rows.at(-1)!.day < today).toBe(true);
    expect(rows.every((r) => r.weekday <= 5)).toBe(true);
    expect(rows.length).toBeGreaterThan(55);
    // The opening balance comes first, booked when the account was opened; the running balance follows booking order.
    const list = await transactions("1000123456");
    const oldestFirst = [...list].reverse();
    expect(oldestFirst[0]!.kind).toBe("OpeningBalance");
    expect(oldestFirst[0]!.bookingDateTime.startsWith("2019-03-14")).toBe(true);
    let balance = 0;
    for (const t of oldestFirst) {
      balance = Math.round((balance + (t.type === "Credit" ? 1 : -1) * Number(t.amount.amount)) * 100) / 100;
      expect(Number(t.balanceAfter.amount)).toBeCloseTo(balance, 2);
    }
  });

  it("holds each kind: deposits, supplier ACH, a SWIFT payment in EUR with its charge, payroll funded by FX, a sweep and a return", async () => {
    const operating = await transactions("1000123456");
    const kinds = new Set(operating.map((t) => t.kind));
    for (const kind of ["OpeningBalance", "Deposit", "ACH", "SWIFT", "Charge", "FX", "InternalTransfer", "Reversal"]) expect(kinds).toContain(kind);
    const back = operating.find((t) => t.kind === "Reversal")!;
    expect(back.returnReason).toEqual({ code: "AC04", description: "Closed account number" });
    expect(back.type).toBe("Credit");
    const payroll = await transactions("1000123457");
    const salaries = payroll.filter((t) => t.kind === "ACH" && t.remittanceInformation[0]?.startsWith("Salary"));
    // Twice a month over three months, eight people each time.
    expect(salaries.length).toBeGreaterThanOrEqual(5 * 8);
    const fundings = payroll.filter((t) => t.kind === "FX" && t.type === "Credit");
    expect(fundings.length).toBe(salaries.length / 8);
    // Paid on the 15th (or the business day before it) and on a month's last business day, never mid-month.
    for (const f of fundings) {
      const day = Number(f.bookingDateTime.slice(8, 10));
      expect(day >= 13 && (day <= 15 || day >= 26)).toBe(true);
    }
    const { rows } = await pool.query<{ n: string }>(
      "SELECT count(*)::text AS n FROM ledger_postings WHERE client_id = 'acme' AND bank_account = 'swift_nostro:EUR'",
    );
    expect(Number(rows[0]!.n)).toBeGreaterThan(0);
    // The money market account receives the monthly sweep.
    expect((await transactions("1000123460")).filter((t) => t.kind === "InternalTransfer").length).toBeGreaterThanOrEqual(3);
  });

  it("is found by the transactions search: a counterparty, a remittance line and an instruction id", async () => {
    expect((await transactions("1000123456", { text: "Rotterdam" })).every((t) => t.kind === "SWIFT" || t.kind === "Charge")).toBe(true);
    expect((await transactions("1000123456", { text: "Rotterdam" })).length).toBeGreaterThan(0);
    expect((await transactions("1000123457", { text: "Mary Rowe" })).length).toBeGreaterThanOrEqual(5);
    const supplier = (await transactions("1000123456")).find((t) => t.kind === "ACH")!;
    const byId = await transactions("1000123456", { text: supplier.references.instructionIdentification! });
    expect(byId.map((t) => t.transactionId)).toContain(supplier.transactionId);
  });

  it("is written once: a second start on the same database adds nothing", async () => {
    const before = await pool.query<{ n: string }>("SELECT count(*)::text AS n FROM ledger_postings");
    await prepareDatabase(pool, { seedDemoData: true, demoHistoryDays: 90 });
    const after = await pool.query<{ n: string }>("SELECT count(*)::text AS n FROM ledger_postings");
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it("refuses a back-dated entry earlier than a posting already on its account", async () => {
    await expect(
      pool.query("SELECT ledger_post_entry($1)", [
        JSON.stringify({
          clientId: "acme",
          causeType: "deposit",
          reference: "LATE",
          paymentId: null,
          valueDate: null,
          details: null,
          coveredAccount: null,
          bookedAt: "2020-01-02T12:00:00Z",
          postings: [
            { accountId: "ACC-1000123456", amountMinor: "100", currency: "USD", kind: "deposit" },
            { bankAccount: "sandbox_funding", amountMinor: "-100", currency: "USD", kind: "deposit" },
          ],
        }),
      ]),
    ).rejects.toThrow(/back-dated entry/);
  });
});
