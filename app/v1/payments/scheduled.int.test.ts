import { describe, expect, it } from "vitest";
import pg from "pg";
import { POST as cancelRoute } from "@/app/v1/payments/[paymentId]/cancel/route";
import { GET as statusRoute } from "@/app/v1/payments/[paymentId]/status/route";
import { POST as transferRoute } from "@/app/v1/payments/internal/route";
import { withTransaction } from "@/lib/server/core/db/transaction";
import { verifyLedger } from "@/lib/server/domain/ledger/verify";
import { addHoliday, removeHoliday } from "@/lib/server/domain/operations/reference";
import { makeDueScheduledPayments, makeScheduledPayment } from "@/lib/server/domain/payments/scheduled";
import { getRuntime } from "@/lib/server/entry/runtime";
import { call, expectErrorBody, tokenFor } from "@/tests/api";
import { opsContext } from "@/tests/ops";
import { addDays, inBankDays, isWeekday, morningOf } from "@/tests/standing-orders";
import { achBody, ACME_USD, balanceMinor, paymentOf, postAch, swiftBody, postSwift } from "@/tests/payments";

/**
 * Scheduled payments (decisions §11, docs/scheduling.md): a later requestedExecutionDate answers 201 Scheduled and
 * holds nothing; on its bank day the worker makes it with the rail's use case, exactly once. The clock is moved (the
 * sweep's `now`), never waited for.
 */

/** The first weekday on or after `days` from now (no holiday is added that close in these tests). */
function weekdayIn(days: number): string {
  for (let d = days; ; d++) if (isWeekday(inBankDays(d))) return inBankDays(d);
}
/** The weekday before `date` (a bank date), so a sweep on it makes whatever another test scheduled in between. */
function weekdayBefore(date: string): string {
  for (let d = -1; ; d--) if (isWeekday(addDays(date, d))) return addDays(date, d);
}

type Status = { status: string; executionDate?: string; valueDate: string };
async function statusOf(paymentId: string): Promise<Status> {
  const res = await call<Status>(statusRoute, "/x", { token: await tokenFor("acme"), params: { paymentId } });
  expect(res.status).toBe(200);
  return res.body;
}
async function sweep(date: string, db?: pg.Pool): Promise<number> {
  return makeDueScheduledPayments(db ?? (await getRuntime()).db, { now: morningOf(date), lockTimeoutMs: 2000 });
}
async function statusEvents(paymentId: string): Promise<Array<{ from: string; to: string }>> {
  const { db } = await getRuntime();
  const { rows } = await db.query<{ data: { from: string; to: string } }>(
    "SELECT data FROM events WHERE client_id = 'acme' AND topic = 'PaymentStatusChanged' AND data->>'paymentId' = $1 ORDER BY seq",
    [paymentId],
  );
  return rows.map((r) => ({ from: r.data.from, to: r.data.to }));
}
async function ledgerEntriesOf(paymentId: string): Promise<number> {
  const { db } = await getRuntime();
  const { rows } = await db.query<{ n: string }>("SELECT count(DISTINCT entry_id) AS n FROM ledger_postings WHERE payment_id = $1", [paymentId]);
  return Number(rows[0]!.n);
}

describe("a payment with a later requestedExecutionDate", () => {
  it("answers 201 Scheduled, holds nothing, and is read like any payment", async () => {
    const day = weekdayIn(12);
    const before = await balanceMinor(ACME_USD);
    const res = await postAch(achBody({ instructedAmount: { amount: "12.34", currency: "USD" }, requestedExecutionDate: day }));
    expect(res.status).toBe(201);
    const payment = paymentOf(res);
    expect(payment).toMatchObject({ status: "success", transactionStatus: "Scheduled" });
    // ACH before the cut-off on its day settles that day.
    expect(payment.details.settlementDetails.settlementDate).toBe(day);
    expect(await balanceMinor(ACME_USD)).toBe(before);
    expect(await ledgerEntriesOf(payment.id)).toBe(0);
    expect(await statusOf(payment.id)).toMatchObject({ status: "Scheduled", executionDate: day, valueDate: day });
  });

  it("refuses a past day and a day more than 365 days ahead with 400 naming the field", async () => {
    for (const date of [inBankDays(-1), inBankDays(367), "2026-02-30"]) {
      const res = await postAch(achBody({ requestedExecutionDate: date }));
      expectErrorBody(res.body, 400, "VALIDATION_ERROR");
      expect(JSON.stringify(res.body)).toContain("requestedExecutionDate");
    }
  });

  it("today, or absent, is made now as before", async () => {
    const res = await postAch(achBody({ instructedAmount: { amount: "1.01", currency: "USD" }, requestedExecutionDate: inBankDays(0) }));
    expect(res.status).toBe(201);
    expect(paymentOf(res).transactionStatus).toBe("Pending");
  });

  it("on a bank holiday moves to the next business day, and SWIFT settles the business day after", async () => {
    const holiday = weekdayIn(200);
    const ctx = await opsContext();
    await addHoliday(ctx, { date: holiday, name: "Scheduling test holiday" });
    try {
      const res = await postSwift(swiftBody({ requestedExecutionDate: holiday }));
      expect(res.status).toBe(201);
      const record = await statusOf(paymentOf(res).id);
      expect(record.executionDate! > holiday).toBe(true);
      expect(record.valueDate > record.executionDate!).toBe(true);
    } finally {
      await removeHoliday(ctx, { date: holiday });
    }
  });
});

describe("the worker on the payment's bank day", () => {
  it("makes it with the rail's rules: funds reserved then, Pending, one PaymentStatusChanged", async () => {
    const day = weekdayIn(15);
    const res = await postAch(achBody({ instructedAmount: { amount: "23.45", currency: "USD" }, requestedExecutionDate: day }));
    const id = paymentOf(res).id;
    // The business day before, nothing happens to it. (On a Saturday, weekdayIn(15) is a Monday, and a sweep on the
    // calendar day before, a Sunday, left the earlier test's payment of the Thursday to this day's sweep.)
    await sweep(weekdayBefore(day));
    expect((await statusOf(id)).status).toBe("Scheduled");
    const before = await balanceMinor(ACME_USD);
    expect(await sweep(day)).toBeGreaterThanOrEqual(1);
    expect(await statusOf(id)).toMatchObject({ status: "Pending", valueDate: day, executionDate: day });
    expect(await balanceMinor(ACME_USD)).toBe(before - 2345n);
    expect(await statusEvents(id)).toEqual([{ from: "Scheduled", to: "Pending" }]);
    // A later sweep finds nothing more to do with it.
    await sweep(day);
    expect(await ledgerEntriesOf(id)).toBe(1);
    expect(await verifyLedger((await getRuntime()).db)).toMatchObject({ ok: true });
  });

  it("makes it Failed with the reason when the funds are short on the day", async () => {
    const day = weekdayIn(16);
    const id = paymentOf(await postAch(achBody({ instructedAmount: { amount: "987654321.00", currency: "USD" }, requestedExecutionDate: day }))).id;
    await sweep(day);
    expect((await statusOf(id)).status).toBe("Failed");
    const { db } = await getRuntime();
    const { rows } = await db.query<{ failure_reason: string }>("SELECT failure_reason FROM payments WHERE payment_id = $1", [id]);
    expect(rows[0]!.failure_reason).toBe("INSUFFICIENT_FUNDS");
    expect(await statusEvents(id)).toEqual([{ from: "Scheduled", to: "Failed" }]);
  });

  it("makes an internal transfer Completed on its day", async () => {
    const day = weekdayIn(17);
    const body = {
      debtorAccount: { identification: ACME_USD },
      creditorAccount: { identification: "1000123460" },
      instructedAmount: { currency: "USD", amount: "3.21" },
      requestedExecutionDate: day,
    };
    const res = await call(transferRoute, "/v1/payments/internal", { method: "POST", token: await tokenFor("acme"), body });
    expect(res.status).toBe(201);
    const id = paymentOf(res).id;
    expect((await statusOf(id)).status).toBe("Scheduled");
    await sweep(day);
    expect((await statusOf(id)).status).toBe("Completed");
  });

  it("two workers racing make it once", async () => {
    const day = weekdayIn(18);
    const id = paymentOf(await postAch(achBody({ instructedAmount: { amount: "4.56", currency: "USD" }, requestedExecutionDate: day }))).id;
    // A second server: its own pool on the same database.
    const other = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
    try {
      const before = await balanceMinor(ACME_USD);
      await Promise.all([sweep(day), sweep(day, other), sweep(day), sweep(day, other)]);
      expect((await statusOf(id)).status).toBe("Pending");
      expect(await ledgerEntriesOf(id)).toBe(1);
      expect(await balanceMinor(ACME_USD)).toBe(before - 456n);
      expect(await statusEvents(id)).toEqual([{ from: "Scheduled", to: "Pending" }]);
    } finally {
      await other.end();
    }
  });

  it("a worker killed between its claim and its commit leaves it Scheduled, and the next sweep makes it once", async () => {
    const day = weekdayIn(19);
    const id = paymentOf(await postAch(achBody({ instructedAmount: { amount: "5.67", currency: "USD" }, requestedExecutionDate: day }))).id;
    const runtime = await getRuntime();
    const victim = await runtime.db.connect();
    victim.on("error", () => {});
    await victim.query("BEGIN");
    // The payment is claimed and made in the victim's transaction, not committed.
    expect(await makeScheduledPayment(victim, { clientId: "acme", paymentId: id, now: morningOf(day), lockTimeoutMs: 2000 })).toMatchObject({
      status: "Pending",
    });
    // Meanwhile another worker skips it (the claim is held).
    expect(
      await withTransaction(runtime.db, (tx) => makeScheduledPayment(tx, { clientId: "acme", paymentId: id, now: morningOf(day), lockTimeoutMs: 2000 })),
    ).toBeNull();
    // kill -9: the server ends the backend; the transaction is rolled back.
    const { rows } = await victim.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    await runtime.db.query("SELECT pg_terminate_backend($1)", [rows[0]!.pid]);
    await victim.query("SELECT 1").catch(() => {});
    victim.release(true);
    expect((await statusOf(id)).status).toBe("Scheduled");
    expect(await ledgerEntriesOf(id)).toBe(0);
    await sweep(day);
    expect((await statusOf(id)).status).toBe("Pending");
    expect(await ledgerEntriesOf(id)).toBe(1);
    expect(await statusEvents(id)).toEqual([{ from: "Scheduled", to: "Pending" }]);
  });

  it("waits on a holiday the bank added after it was scheduled, and makes it the next business day", async () => {
    const day = weekdayIn(220);
    const id = paymentOf(await postAch(achBody({ instructedAmount: { amount: "6.78", currency: "USD" }, requestedExecutionDate: day }))).id;
    const ctx = await opsContext();
    await addHoliday(ctx, { date: day, name: "Scheduling test holiday" });
    try {
      expect(await sweep(day)).toBe(0);
      expect((await statusOf(id)).status).toBe("Scheduled");
    } finally {
      await removeHoliday(ctx, { date: day });
    }
    await sweep(day);
    expect((await statusOf(id)).status).toBe("Pending");
  });
});

describe("POST /v1/payments/{id}/cancel", () => {
  it("cancels a Scheduled payment (audited, event raised), which the worker then never makes; anything else is 409", async () => {
    const day = weekdayIn(21);
    const token = await tokenFor("acme");
    const id = paymentOf(await postAch(achBody({ instructedAmount: { amount: "7.89", currency: "USD" }, requestedExecutionDate: day }))).id;
    const res = await call<Status>(cancelRoute, "/x", { method: "POST", token, params: { paymentId: id } });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("Cancelled");
    expect(await statusEvents(id)).toEqual([{ from: "Scheduled", to: "Cancelled" }]);
    const { db } = await getRuntime();
    const audit = await db.query("SELECT 1 FROM audit_log WHERE entity_id = $1 AND action = 'payment.cancelled' AND actor = 'client:acme'", [id]);
    expect(audit.rowCount).toBe(1);
    await sweep(day);
    expect((await statusOf(id)).status).toBe("Cancelled");
    expect(await ledgerEntriesOf(id)).toBe(0);

    const again = await call(cancelRoute, "/x", { method: "POST", token, params: { paymentId: id } });
    expectErrorBody(again.body, 409, "INVALID_STATUS_TRANSITION");
    const made = paymentOf(await postAch(achBody({ instructedAmount: { amount: "1.02", currency: "USD" } }))).id;
    expectErrorBody((await call(cancelRoute, "/x", { method: "POST", token, params: { paymentId: made } })).body, 409, "INVALID_STATUS_TRANSITION");
  });

  it("needs the payment's rail permission; another client's payment is 404", async () => {
    const id = paymentOf(await postAch(achBody({ instructedAmount: { amount: "1.03", currency: "USD" }, requestedExecutionDate: weekdayIn(22) }))).id;
    const swiftOnly = await tokenFor("acme", ["payment-swift", "get-payment-status"]);
    expectErrorBody((await call(cancelRoute, "/x", { method: "POST", token: swiftOnly, params: { paymentId: id } })).body, 403, "FORBIDDEN");
    const globex = await tokenFor("globex");
    expectErrorBody((await call(cancelRoute, "/x", { method: "POST", token: globex, params: { paymentId: id } })).body, 404, "PAYMENT_NOT_FOUND");
    expect((await statusOf(id)).status).toBe("Scheduled");
  });
});
