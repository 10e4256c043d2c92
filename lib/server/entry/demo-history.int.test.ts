import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareDatabase } from "@/lib/server/entry/runtime";
import { verifyLedger } from "@/lib/server/domain/ledger/verify";
import { listAccountTransactions } from "@/lib/server/domain/ledger/activity";
import { ZTransactionsQuery } from "@/lib/contract/ledger/schema";
import { bankLocalParts } from "@/lib/contract/time/bank-time";
import { createThrowawayDatabase } from "@/tests/throwaway-database";
import { listPaymentsPage } from "@/lib/server/domain/payments/search";
import { ZPaymentSearchQuery } from "@/lib/contract/payments/search";
import { listDraftsFor } from "@/lib/server/domain/approvals/drafts";
import { findUserByEmail } from "@/lib/server/domain/users/repo";
import { userActor } from "@/lib/server/core/audit/actors";

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

const payments = async (query: Record<string, string> = {}) =>
  (await listPaymentsPage(pool, "acme", ZPaymentSearchQuery.parse({ pageSize: "500", ...query }), "history-test-secret")).data;

const drafts = async () => {
  const approver = (await findUserByEmail(pool, "approver@acme.test"))!;
  const caller = { clientId: "acme", actor: userActor(approver.user_id), ip: null, correlationId: null, userId: approver.user_id, role: "approver" as const };
  return (await listDraftsFor(pool, caller, {})).data;
};

const counts = async () =>
  (
    await pool.query<{ postings: string; payments: string; drafts: string; decisions: string }>(
      `SELECT (SELECT count(*) FROM ledger_postings)::text AS postings, (SELECT count(*) FROM payments)::text AS payments,
              (SELECT count(*) FROM payment_drafts)::text AS drafts, (SELECT count(*) FROM payment_draft_decisions)::text AS decisions`,
    )
  ).rows[0]!;

const transactions = async (accountNumber: string, query: Record<string, string> = {}) =>
  (await listAccountTransactions(pool, "acme", accountNumber, ZTransactionsQuery.parse({ pageSize: "500", ...query }), "history-test-secret")).data;

describe("ninety days of demo history", () => {
  it("balances: every entry sums to zero and every balance is its postings (ops ledger verify)", async () => {
    const verified = await verifyLedger(pool);
    expect(verified).toMatchObject({ ok: true });
    console.log(`seeded with 90 days of history in ${Math.round(seedMs)} ms; ${JSON.stringify(verified)}; ${JSON.stringify(await counts())}`);
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

  it("makes Acme's payments real payments, whose ledger entries are the history's: no payment movement without its payment", async () => {
    const list = await payments();
    expect(new Set(list.map((p) => p.type))).toEqual(new Set(["ACH", "SWIFT", "INTERNAL"]));
    const today = bankLocalParts().date;
    for (const p of list) {
      // Made in the past at the treasurer's hand, on a business day of the last ninety days.
      expect(p.submittedAt < `${today}T00:00:00-05:00`).toBe(true);
      expect(Date.now() - Date.parse(p.submittedAt)).toBeLessThan(92 * 86_400_000);
      expect(p.submittedBy).toEqual({ email: "treasurer@acme.test" });
    }
    const { rows } = await pool.query<{ orphans: string; paid: string; made: string }>(
      `SELECT (SELECT count(*) FROM ledger_postings WHERE client_id = 'acme' AND cause_type IN ('payment', 'transfer') AND payment_id IS NULL)::text AS orphans,
              (SELECT count(DISTINCT payment_id) FROM ledger_postings WHERE client_id = 'acme' AND payment_id IS NOT NULL)::text AS paid,
              (SELECT count(*) FROM payments WHERE client_id = 'acme')::text AS made`,
    );
    expect(rows[0]).toEqual({ orphans: "0", paid: rows[0]!.made, made: String(list.length) });
    // Each payment is booked when it was made: its first posting at its submission time.
    const booked = await pool.query<{ late: string }>(
      `SELECT count(*)::text AS late FROM payments p
       WHERE client_id = 'acme' AND (SELECT min(booked_at) FROM ledger_postings l WHERE l.client_id = p.client_id AND l.payment_id = p.payment_id) <> p.created_at`,
    );
    expect(booked.rows[0]!.late).toBe("0");
  });

  it("settles the payments past their settlement date, holds SWIFT's EUR with its charge, and returns one with AC04 as Reversed", async () => {
    const list = await payments();
    const completed = list.filter((p) => p.status === "Completed");
    expect(completed.length).toBeGreaterThan(list.length * 0.9);
    expect(list.every((p) => ["Completed", "Pending", "Reversed"].includes(p.status))).toBe(true);
    const swift = list.filter((p) => p.type === "SWIFT");
    expect(swift.length).toBeGreaterThanOrEqual(5);
    for (const p of swift) {
      expect(p.creditAmount.currency).toBe("EUR");
      expect(p.chargesType).toBe("OUR");
      expect(Number(p.charges.amount)).toBeGreaterThan(0);
      expect(p.beneficiary.name).toBe("Rotterdam Marine Parts B.V.");
    }
    const reversed = list.filter((p) => p.status === "Reversed");
    expect(reversed).toHaveLength(1);
    expect(reversed[0]!.returnReason).toEqual({ code: "AC04", description: "Closed account number" });
    expect(reversed[0]!.externalReference).toMatch(/^SUP-/);
    // The return is the ledger's Reversal of that payment on Operating USD.
    const back = (await transactions("1000123456")).find((t) => t.kind === "Reversal")!;
    expect(back.references.instructionIdentification).toBe(reversed[0]!.externalReference);
  });

  it("is found by the payments search: a beneficiary, a remittance line, an instruction id, a rail and a status", async () => {
    const salaries = await payments({ beneficiary: "Mary Rowe" });
    expect(salaries.length).toBeGreaterThanOrEqual(5);
    expect(salaries.every((p) => p.type === "ACH" && p.debitAmount.currency === "BMD" && p.remittanceInformation[0]!.startsWith("Salary"))).toBe(true);
    expect((await payments({ reference: "Engine spares" })).every((p) => p.type === "SWIFT")).toBe(true);
    const supplier = (await payments({ rail: "ACH", beneficiary: "Harbour Electric" }))[0]!;
    expect((await payments({ instructionIdentification: supplier.externalReference! })).map((p) => p.transactionId)).toEqual([supplier.transactionId]);
    const sweeps = await payments({ rail: "INTERNAL", reference: "sweep" });
    expect(sweeps.length).toBeGreaterThanOrEqual(3);
    expect((await payments({ status: "Reversed" })).length).toBe(1);
  });

  it("holds a draft in each state, drafted by the treasurer and decided by the approver, with expiries of their own past clock", async () => {
    const list = await drafts();
    const byStatus = new Map(list.map((d) => [d.status, d]));
    expect([...byStatus.keys()].sort()).toEqual(["AwaitingApproval", "Expired", "Refused", "Rejected", "Submitted"]);
    for (const d of list) {
      expect(d.maker.email).toBe("treasurer@acme.test");
      expect(d.decisions.every((c) => c.by.email === "approver@acme.test")).toBe(true);
      expect(Date.parse(d.expiresAt!)).toBeGreaterThan(Date.parse(d.createdAt));
    }
    const now = Date.now();
    expect(Date.parse(byStatus.get("AwaitingApproval")!.expiresAt!)).toBeGreaterThan(now);
    expect(byStatus.get("AwaitingApproval")!.canApprove).toBe(true);
    expect(Date.parse(byStatus.get("Expired")!.expiresAt!)).toBeLessThan(now);
    expect(byStatus.get("Rejected")!.decisions).toMatchObject([{ decision: "rejected" }]);
    expect(byStatus.get("Refused")!.refusal).toMatch(/active accounts/);
    // The approved draft's payment is in the history, made at its approval's time, naming its approver.
    const submitted = byStatus.get("Submitted")!;
    const [payment] = await payments({
      instructionIdentification: String((submitted.request as { instructionIdentification: string }).instructionIdentification),
    });
    expect(payment!.transactionId).toBe(submitted.paymentId);
    expect(payment!.approvedBy).toEqual([{ email: "approver@acme.test", decidedAt: submitted.decisions[0]!.decidedAt }]);
    expect(Date.parse(payment!.submittedAt)).toBe(Date.parse(submitted.decisions[0]!.decidedAt));
  });

  it("is written once: a second start on the same database adds no entry, payment, draft or decision", async () => {
    const before = await counts();
    expect(Number(before.payments)).toBeGreaterThan(100);
    await prepareDatabase(pool, { seedDemoData: true, demoHistoryDays: 90 });
    expect(await counts()).toEqual(before);
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
