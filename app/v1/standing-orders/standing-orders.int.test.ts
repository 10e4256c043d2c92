import { beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { GET as listRoute, POST as createRoute } from "@/app/v1/standing-orders/route";
import { DELETE as cancelRoute, GET as getRoute, PATCH as changeRoute } from "@/app/v1/standing-orders/[standingOrderId]/route";
import { GET as paymentRoute } from "@/app/v1/payments/[paymentId]/route";
import type { TStandingOrder, TStandingOrderList } from "@/lib/contract/standing-orders/schema";
import { executionDateOf } from "@/lib/contract/payments/schedule";
import { addHoliday, removeHoliday } from "@/lib/server/domain/operations/reference";
import { currentReferenceData } from "@/lib/server/domain/payments/known-data";
import { advanceDueOrder } from "@/lib/server/domain/standing-orders/service";
import { withTransaction } from "@/lib/server/core/db/transaction";
import { getRuntime } from "@/lib/server/entry/runtime";
import { call, expectErrorBody, tokenFor } from "@/tests/api";
import { opsContext } from "@/tests/ops";
import { addDays, inBankDays, isWeekday, morningOf, sweep, weekdayIn } from "@/tests/standing-orders";
import { achBody } from "@/tests/payments";

/**
 * Standing orders (issue 21, decisions §11, docs/scheduling.md "Standing orders"): each occurrence is an ordinary
 * payment with standingOrderId, Scheduled until its bank day and made then by the worker, exactly once. The clock is
 * moved (the sweep's `now`), never waited for. Each test uses its own days, later than the previous test's, because a
 * sweep advances every client's due orders.
 */

type Order = TStandingOrder & Record<string, unknown>;
type Payment = { transactionId: string; status: string; executionDate?: string; standingOrderId?: string };

/** What a payment's ledger entry took from the debtor account (other tests' orders move the balance too). */
async function debitedMinor(paymentId: string): Promise<bigint> {
  const { db } = await getRuntime();
  const { rows } = await db.query<{ n: string; entries: string }>(
    `SELECT count(DISTINCT l.entry_id) AS entries, -sum(l.amount_minor) FILTER (WHERE l.account_id = p.debtor_account_id) AS n
     FROM ledger_postings l JOIN payments p ON p.client_id = l.client_id AND p.payment_id = l.payment_id WHERE l.payment_id = $1`,
    [paymentId],
  );
  expect(rows[0]!.entries).toBe("1");
  return BigInt(rows[0]!.n);
}

let acme: string;
beforeAll(async () => {
  acme = await tokenFor("acme");
});

const weekly = (startDate: string, extra: Record<string, unknown> = {}, amount = "1.11") => ({
  rail: "ACH",
  request: achBody({ instructedAmount: { amount, currency: "USD" } }),
  schedule: { frequency: "Weekly", startDate, ...extra },
});
const create = (body: unknown, token = acme, key?: string) =>
  call<Order>(createRoute, "/v1/standing-orders", { method: "POST", token, body, headers: key ? { "idempotency-key": key } : {} });
const get = (id: string, token = acme) => call<Order>(getRoute, `/v1/standing-orders/${id}`, { token, params: { standingOrderId: id } });
const cancel = (id: string, token = acme) =>
  call<Order>(cancelRoute, `/v1/standing-orders/${id}`, { method: "DELETE", token, params: { standingOrderId: id } });
async function paymentsOf(standingOrderId: string): Promise<Payment[]> {
  const { db } = await getRuntime();
  const { rows } = await db.query<{ payment_id: string }>(
    "SELECT payment_id::text FROM payments WHERE client_id = 'acme' AND standing_order_id = $1 ORDER BY created_at, payment_id",
    [standingOrderId],
  );
  const payments: Payment[] = [];
  for (const { payment_id } of rows) {
    const res = await call<{ data: Payment }>(paymentRoute, `/v1/payments/${payment_id}`, { token: acme, params: { paymentId: payment_id } });
    expect(res.status).toBe(200);
    payments.push(res.body.data);
  }
  return payments;
}

describe("POST /v1/standing-orders", () => {
  it("answers 201 Active with nextExecutionDate; the first occurrence is a Scheduled payment with standingOrderId; a key replays", async () => {
    const start = await weekdayIn(10);
    const key = crypto.randomUUID();
    const res = await create(weekly(start, { count: 3 }), acme, key);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: "Active", rail: "ACH", nextExecutionDate: start, occurrencesMade: 1, createdBy: "client:acme" });
    expect(res.body.schedule).toEqual({ frequency: "Weekly", startDate: start, count: 3 });
    const again = await create(weekly(start, { count: 3 }), acme, key);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.standingOrderId).toBe(res.body.standingOrderId);
    const payments = await paymentsOf(res.body.standingOrderId);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ status: "Scheduled", executionDate: start, standingOrderId: res.body.standingOrderId });
    expect((await get(res.body.standingOrderId)).body).toEqual(res.body);
    const { db } = await getRuntime();
    const audit = await db.query("SELECT 1 FROM audit_log WHERE entity_id = $1 AND action = 'standing_order.created' AND actor = 'client:acme'", [
      res.body.standingOrderId,
    ]);
    expect(audit.rowCount).toBe(1);
  });

  it("refuses a bad schedule or request with 400 naming the field, and nothing is made", async () => {
    const start = await weekdayIn(10);
    const cases: Array<[unknown, string]> = [
      [{ ...weekly(start), schedule: { frequency: "Daily", startDate: start } }, "schedule.frequency"],
      [weekly(start, { endDate: addDays(start, -1) }), "schedule.endDate"],
      [weekly(start, { count: 0 }), "schedule.count"],
      [weekly(inBankDays(-1)), "schedule.startDate"],
      [weekly(inBankDays(400)), "schedule.startDate"],
      [weekly("2027-02-30"), "schedule.startDate"],
      [{ ...weekly(start), request: achBody({ instructionIdentification: "TENCHARSXX" }) }, "request.instructionIdentification"],
      [{ ...weekly(start), request: achBody({ instructionIdentification: "ONE-ID" }) }, "request.instructionIdentification"],
      [{ ...weekly(start), request: achBody({ requestedExecutionDate: start }) }, "request"],
      [{ ...weekly(start), rail: "CHEQUE" }, "rail"],
    ];
    const { db } = await getRuntime();
    const before = (await db.query("SELECT 1 FROM standing_orders")).rowCount;
    for (const [body, field] of cases) {
      const res = await create(body);
      expectErrorBody(res.body, 400, "VALIDATION_ERROR");
      expect(JSON.stringify(res.body)).toContain(field);
    }
    expect((await db.query("SELECT 1 FROM standing_orders")).rowCount).toBe(before);
  });

  it("needs standing-orders and the rail's permission: 403 FORBIDDEN", async () => {
    const start = await weekdayIn(10);
    const noOrders = await tokenFor("acme", ["payment-ach", "get-payment-status"]);
    expectErrorBody((await create(weekly(start), noOrders)).body, 403, "FORBIDDEN");
    const noRail = await tokenFor("acme", ["standing-orders", "payment-swift"]);
    expectErrorBody((await create(weekly(start), noRail)).body, 403, "FORBIDDEN");
  });
});

describe("the worker on each occurrence's day", () => {
  it("makes occurrence 1 on its day and schedules 2, then 2 and 3, then the order is Completed", async () => {
    const day1 = await weekdayIn(30);
    const order = (await create(weekly(day1, { count: 3 }, "2.22"))).body;
    const id = order.standingOrderId;
    // The day before, nothing happens.
    await sweep(addDays(day1, -1));
    expect((await paymentsOf(id)).map((p) => p.status)).toEqual(["Scheduled"]);

    await sweep(day1);
    let payments = await paymentsOf(id);
    expect(payments.map((p) => p.status)).toEqual(["Pending", "Scheduled"]);
    expect(payments[1]!.executionDate).toBe(addDays(day1, 7));
    // Made with the funds of its day: one ledger entry for its amount.
    expect(await debitedMinor(payments[0]!.transactionId)).toBe(222n);
    expect((await get(id)).body).toMatchObject({ status: "Active", occurrencesMade: 2, nextExecutionDate: addDays(day1, 7) });
    // A second sweep that day makes nothing more.
    await sweep(day1);
    expect(await paymentsOf(id)).toHaveLength(2);

    await sweep(addDays(day1, 7));
    payments = await paymentsOf(id);
    expect(payments.map((p) => p.status)).toEqual(["Pending", "Pending", "Scheduled"]);
    await sweep(addDays(day1, 14));
    payments = await paymentsOf(id);
    expect(payments.map((p) => p.status)).toEqual(["Pending", "Pending", "Pending"]);
    for (const p of payments) expect(p.standingOrderId).toBe(id);
    expect((await get(id)).body).toMatchObject({ status: "Completed", occurrencesMade: 3, nextExecutionDate: null });
    await sweep(addDays(day1, 21));
    expect(await paymentsOf(id)).toHaveLength(3);
  });

  it("Monthly from a 31st falls on the last day of a shorter month, moved to a business day", async () => {
    let start = inBankDays(2);
    while (!start.endsWith("-31") || addDays(start, 31).slice(8) === "31") start = addDays(start, 1);
    const { db } = await getRuntime();
    const { holidays } = await currentReferenceData(db);
    const res = await create({ ...weekly(start, {}, "3.33"), schedule: { frequency: "Monthly", startDate: start, count: 2 } });
    expect(res.status).toBe(201);
    expect(res.body.nextExecutionDate).toBe(executionDateOf(start, holidays));
    // The last day of the following month (30th, or 28th/29th of February).
    const lastOfNext = new Date(Date.UTC(Number(start.slice(0, 4)), Number(start.slice(5, 7)) + 1, 0)).toISOString().slice(0, 10);
    await sweep(executionDateOf(start, holidays));
    const payments = await paymentsOf(res.body.standingOrderId);
    expect(payments.map((p) => p.status)).toEqual(["Pending", "Scheduled"]);
    expect(payments[1]!.executionDate).toBe(executionDateOf(lastOfNext, holidays));
    expect((await get(res.body.standingOrderId)).body.nextExecutionDate).toBe(executionDateOf(lastOfNext, holidays));
  });

  it("an occurrence on a bank holiday is made the next business day; nothing is made on the holiday", async () => {
    const day1 = await weekdayIn(120);
    const holiday = addDays(day1, 7);
    const ctx = await opsContext();
    await addHoliday(ctx, { date: holiday, name: "Standing order test holiday" });
    try {
      const id = (await create(weekly(day1, { count: 2 }, "4.44"))).body.standingOrderId;
      await sweep(day1);
      const payments = await paymentsOf(id);
      expect(payments[1]).toMatchObject({ status: "Scheduled", executionDate: addDays(holiday, 1) });
      expect((await get(id)).body.nextExecutionDate).toBe(addDays(holiday, 1));
      await sweep(holiday);
      expect((await paymentsOf(id))[1]!.status).toBe("Scheduled");
      await sweep(addDays(holiday, 1));
      expect((await paymentsOf(id)).map((p) => p.status)).toEqual(["Pending", "Pending"]);
    } finally {
      await removeHoliday(ctx, { date: holiday });
    }
  });

  it("two workers racing make each occurrence once", async () => {
    const day1 = await weekdayIn(150);
    const id = (await create(weekly(day1, { count: 5 }, "5.55"))).body.standingOrderId;
    const other = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
    try {
      await Promise.all([sweep(day1), sweep(day1, other), sweep(day1), sweep(day1, other)]);
      expect((await paymentsOf(id)).map((p) => p.status)).toEqual(["Pending", "Scheduled"]);
      expect(await debitedMinor((await paymentsOf(id))[0]!.transactionId)).toBe(555n);
      const { db } = await getRuntime();
      const { rows } = await db.query<{ occurrence_date: string }>(
        "SELECT occurrence_date::text FROM standing_order_occurrences WHERE standing_order_id = $1 ORDER BY 1",
        [id],
      );
      expect(rows.map((r) => r.occurrence_date)).toEqual([day1, addDays(day1, 7)]);
    } finally {
      await other.end();
    }
  });

  it("a worker killed between its claim and its commit leaves the order as it was, and the next sweep makes the occurrence once", async () => {
    const day1 = await weekdayIn(165);
    const id = (await create(weekly(day1, { count: 4 }, "5.65"))).body.standingOrderId;
    const runtime = await getRuntime();
    const due = { client_id: "acme", standing_order_id: id };
    const options = { now: morningOf(day1), lockTimeoutMs: 2000 };
    const victim = await runtime.db.connect();
    victim.on("error", () => {});
    await victim.query("BEGIN");
    // The next occurrence is claimed and scheduled in the victim's transaction, not committed.
    expect(await advanceDueOrder(victim, due, options)).toBe(true);
    // Meanwhile another worker skips the order (the claim is held).
    expect(await withTransaction(runtime.db, (tx) => advanceDueOrder(tx, due, options))).toBe(false);
    // kill -9: the server ends the backend; the transaction is rolled back.
    const { rows } = await victim.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    await runtime.db.query("SELECT pg_terminate_backend($1)", [rows[0]!.pid]);
    await victim.query("SELECT 1").catch(() => {});
    victim.release(true);
    expect(await paymentsOf(id)).toHaveLength(1);
    expect((await get(id)).body.occurrencesMade).toBe(1);
    await sweep(day1);
    expect((await paymentsOf(id)).map((p) => p.status)).toEqual(["Pending", "Scheduled"]);
    expect((await get(id)).body.occurrencesMade).toBe(2);
  });

  it("a worker that was down catches up: each missed occurrence is made once, late", async () => {
    const day1 = await weekdayIn(180);
    const id = (await create(weekly(day1, { count: 3 }, "6.66"))).body.standingOrderId;
    // Back three weeks later, on a business day.
    let back = addDays(day1, 15);
    while (!isWeekday(back)) back = addDays(back, 1);
    await sweep(back);
    expect((await paymentsOf(id)).map((p) => p.status)).toEqual(["Pending", "Pending", "Pending"]);
    expect((await get(id)).body).toMatchObject({ occurrencesMade: 3 });
    await sweep(back);
    expect(await paymentsOf(id)).toHaveLength(3);
  });
});

describe("DELETE /v1/standing-orders/{id}", () => {
  it("cancels the order and its Scheduled occurrence; later sweeps make nothing; again is 409", async () => {
    const day1 = await weekdayIn(200);
    const id = (await create(weekly(day1, {}, "7.77"))).body.standingOrderId;
    await sweep(day1);
    expect((await paymentsOf(id)).map((p) => p.status)).toEqual(["Pending", "Scheduled"]);
    const res = await cancel(id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "Cancelled", nextExecutionDate: null });
    expect((await paymentsOf(id)).map((p) => p.status)).toEqual(["Pending", "Cancelled"]);
    await sweep(addDays(day1, 7));
    await sweep(addDays(day1, 14));
    expect((await paymentsOf(id)).map((p) => p.status)).toEqual(["Pending", "Cancelled"]);
    const { db } = await getRuntime();
    const audit = await db.query("SELECT 1 FROM audit_log WHERE entity_id = $1 AND action = 'standing_order.cancelled' AND actor = 'client:acme'", [id]);
    expect(audit.rowCount).toBe(1);
    expectErrorBody((await cancel(id)).body, 409, "INVALID_STATUS_TRANSITION");
  });

  it("another client's order is 404 on every verb and absent from its list; the list pages and filters", async () => {
    const id = (await create(weekly(await weekdayIn(10)))).body.standingOrderId;
    await create(weekly(await weekdayIn(11)));
    const globex = await tokenFor("globex");
    expectErrorBody((await get(id, globex)).body, 404, "STANDING_ORDER_NOT_FOUND");
    expectErrorBody((await cancel(id, globex)).body, 404, "STANDING_ORDER_NOT_FOUND");
    const theirs = await call<TStandingOrderList>(listRoute, "/v1/standing-orders", { token: globex });
    expect(theirs.body.data.some((o) => o.standingOrderId === id)).toBe(false);
    const page = await call<TStandingOrderList>(listRoute, "/v1/standing-orders?pageSize=1&status=Active", { token: acme });
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(1);
    expect(page.body.data[0]!.status).toBe("Active");
    expect(page.body.meta.pagination.total_size).toBeGreaterThan(1);
    expect((await get(id)).body.status).toBe("Active");
  });
});

describe("occurrence ids", () => {
  it("derives each occurrence's instructionIdentification from the order's (ID-YYMMDD), unique per occurrence; a change re-makes one with the same id", async () => {
    const day1 = await weekdayIn(200);
    const base = `R${Date.now().toString(36).slice(-8)}`;
    const body = {
      ...weekly(day1, { count: 3 }),
      request: achBody({ instructionIdentification: base, instructedAmount: { amount: "1.01", currency: "USD" } }),
    };
    const order = await create(body);
    expect(order.status).toBe(201);
    const id = order.body.standingOrderId;
    expect((order.body.request as { instructionIdentification: string }).instructionIdentification).toBe(base);
    await sweep(day1);
    await sweep(addDays(day1, 7));
    const yymmdd = (date: string) => date.slice(2).replaceAll("-", "");
    const idsOf = async () => {
      const { db } = await getRuntime();
      const { rows } = await db.query<{ instruction_identification: string; status: string }>(
        "SELECT instruction_identification, status FROM payments WHERE client_id = 'acme' AND standing_order_id = $1 ORDER BY created_at, payment_id",
        [id],
      );
      return rows.map((r) => [r.instruction_identification, r.status]);
    };
    expect(await idsOf()).toEqual([
      [`${base}-${yymmdd(day1)}`, "Pending"],
      [`${base}-${yymmdd(addDays(day1, 7))}`, "Pending"],
      [`${base}-${yymmdd(addDays(day1, 14))}`, "Scheduled"],
    ]);
    const changed = await call<Order>(changeRoute, `/v1/standing-orders/${id}`, {
      method: "PATCH",
      token: acme,
      body: { request: { ...body.request, instructedAmount: { amount: "1.02", currency: "USD" } } },
      params: { standingOrderId: id },
    });
    expect(changed.status).toBe(200);
    expect((await idsOf()).slice(2)).toEqual([
      [`${base}-${yymmdd(addDays(day1, 14))}`, "Cancelled"],
      [`${base}-${yymmdd(addDays(day1, 14))}`, "Scheduled"],
    ]);
  });
});
