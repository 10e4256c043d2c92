import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { bankLocalParts } from "@/lib/contract/time/bank-time";
import { claimKey, type ResponseSlot } from "@/lib/server/core/idempotency/repo";
import { verifyLedger } from "@/lib/server/domain/ledger/verify";
import { ZSubmission, type SubmissionResult, type TSubmission } from "@/lib/server/domain/payments/submission";
import { getRuntime } from "@/lib/server/entry/runtime";
import { balanceMinor, setBalance } from "@/tests/payments";

/**
 * Direct tests of SQL submit_payments (set-based; one item is a set of one)
 * (migrations/functions/payments.sql): every input built here is parsed with
 * the schema the app's JSON must follow, then sent as the app sends it.
 */
const DEBTOR = { id: "ACC-1000123456", number: "1000123456" };

async function referenceVersion(): Promise<string> {
  const { rows } = await (await getRuntime()).db.query<{ v: string }>("SELECT version::text AS v FROM reference_data_version");
  return rows[0]!.v;
}

async function submission(options: { debitMinor?: bigint; instruction?: string; debtor?: typeof DEBTOR; version?: string } = {}): Promise<TSubmission> {
  const paymentId = randomUUID();
  const debtor = options.debtor ?? DEBTOR;
  const debit = (options.debitMinor ?? 100n).toString();
  const payment = (status: "Pending" | "Failed") => ({
    client_id: "acme",
    payment_id: paymentId,
    unique_identifier: `HBR${paymentId.slice(0, 8).toUpperCase()}`,
    rail: "ACH" as const,
    status,
    failure_reason: status === "Failed" ? "INSUFFICIENT_FUNDS" : null,
    debtor_account_id: debtor.id,
    debtor_account_number: debtor.number,
    creditor_account_id: null,
    instruction_identification: options.instruction ?? null,
    debit_minor: debit,
    debit_currency: "USD",
    credit_minor: debit,
    credit_currency: "USD",
    exchange_rate: null,
    charge_minor: "0",
    charges_type: null,
    settlement_date: bankLocalParts().date,
    funds_held: status === "Pending",
    details: { direct: true },
    remittance_information: ["direct test"],
  });
  const audit = (action: string) => ({ client_id: "acme", actor: "system:test", action, entity: "payment", entity_id: paymentId, data: {} });
  return ZSubmission.parse({
    clientId: "acme",
    rail: "ACH",
    paymentId,
    referenceVersion: options.version ?? (await referenceVersion()),
    activeStatuses: ["Active", "ACTIVE"],
    instructionIdentification: options.instruction ?? null,
    lockTimeout: "500ms",
    debtorAccountId: debtor.id,
    creditorAccountId: null,
    accepted: {
      payment: payment("Pending"),
      audit: audit("payment.created"),
      body: JSON.stringify({ id: paymentId, outcome: "accepted" }),
      entry: {
        clientId: "acme",
        causeType: "payment",
        reference: paymentId,
        paymentId,
        valueDate: null,
        details: null,
        coveredAccount: debtor.id,
        postings: [
          { accountId: debtor.id, amountMinor: `-${debit}`, currency: "USD", kind: "payment" },
          { bankAccount: "ach_clearing", amountMinor: debit, currency: "USD", kind: "payment" },
        ],
      },
      task: { kind: "payment.settle", payload: { paymentId }, runAt: new Date(Date.now() + 86_400_000).toISOString(), dedupeKey: paymentId },
    },
    failed: { payment: payment("Failed"), audit: audit("payment.rejected"), body: JSON.stringify({ id: paymentId, outcome: "failed" }) },
  });
}

async function submit(items: Array<{ submission: TSubmission; slot: ResponseSlot | null }>): Promise<SubmissionResult[]> {
  const { rows } = await (await getRuntime()).db.query<{ o: SubmissionResult[] }>("SELECT submit_payments($1) AS o", [JSON.stringify(items)]);
  return rows[0]!.o;
}

async function written(paymentId: string): Promise<{ status: string | null; postings: number; tasks: number; audits: number }> {
  const { db } = await getRuntime();
  const { rows } = await db.query<{ status: string | null; postings: number; tasks: number; audits: number }>(
    `SELECT (SELECT status FROM payments WHERE client_id = 'acme' AND payment_id = $1) AS status,
            (SELECT count(*)::int FROM ledger_postings WHERE client_id = 'acme' AND payment_id = $1) AS postings,
            (SELECT count(*)::int FROM queue_tasks WHERE dedupe_key = $1::text) AS tasks,
            (SELECT count(*)::int FROM audit_log WHERE client_id = 'acme' AND entity_id = $1::text) AS audits`,
    [paymentId],
  );
  return rows[0]!;
}

describe("SQL submit_payments, one item", () => {
  it("writes the accepted outcome: payment, balanced entry, settlement task and audit row", async () => {
    const s = await submission();
    expect(await submit([{ submission: s, slot: null }])).toEqual(["Accepted"]);
    expect(await written(s.paymentId)).toEqual({ status: "Pending", postings: 2, tasks: 1, audits: 1 });
    expect(await verifyLedger((await getRuntime()).db)).toMatchObject({ ok: true });
  });

  it("writes the failed outcome without postings when the debtor cannot cover it, releasing the instructionIdentification", async () => {
    const s = await submission({ debitMinor: 10n ** 15n, instruction: "DIRECT-POOR" });
    expect(await submit([{ submission: s, slot: null }])).toEqual(["Failed"]);
    expect(await written(s.paymentId)).toEqual({ status: "Failed", postings: 0, tasks: 0, audits: 1 });
    expect(await submit([{ submission: await submission({ instruction: "DIRECT-POOR" }), slot: null }])).toEqual(["Accepted"]);
  });

  it("writes nothing for a duplicate instructionIdentification, stale reference data or an inactive debtor", async () => {
    await submit([{ submission: await submission({ instruction: "DIRECT-DUP" }), slot: null }]);
    const cases: Array<[Promise<TSubmission>, SubmissionResult]> = [
      [submission({ instruction: "DIRECT-DUP" }), "Duplicate"],
      [submission({ version: "0" }), "StaleReference"],
      [submission({ debtor: { id: "ACC-1000123458", number: "1000123458" } }), "InactiveDebtor"],
    ];
    for (const [pending, outcome] of cases) {
      const s = await pending;
      expect(await submit([{ submission: s, slot: null }])).toEqual([outcome]);
      expect(await written(s.paymentId)).toEqual({ status: null, postings: 0, tasks: 0, audits: 0 });
    }
  });

  it("stores the outcome's body under the unit of work's claim, and writes nothing when the claim was lost", async () => {
    const { db } = await getRuntime();
    const scope = { clientId: "acme", method: "POST", path: "/v1/payments/ach-local", key: randomUUID() };
    const slot: ResponseSlot = { ...scope, token: randomUUID(), status: 201, ttlSeconds: 60 };
    expect(await claimKey(db, scope, slot.token, 60, 60)).toEqual({ kind: "claimed" });
    const s = await submission();
    const lost = await submission();
    expect(
      await submit([
        { submission: s, slot },
        { submission: lost, slot: { ...slot, token: randomUUID() } },
      ]),
    ).toEqual(["Accepted", "ClaimLost"]);
    const { rows } = await db.query<{ state: string; response_body: string }>("SELECT state, response_body FROM idempotency_keys WHERE idem_key = $1", [
      scope.key,
    ]);
    expect(rows[0]).toEqual({ state: "completed", response_body: s.accepted.body });
    expect(await written(lost.paymentId)).toEqual({ status: null, postings: 0, tasks: 0, audits: 0 });
  });
});

/** The running balances the ledger stored for these payments' debtor postings, in posting order. */
async function runningBalances(paymentIds: string[]): Promise<string[]> {
  const { rows } = await (
    await getRuntime()
  ).db.query<{ b: string }>(
    "SELECT balance_after_minor::text AS b FROM ledger_postings WHERE client_id = 'acme' AND payment_id = ANY($1::uuid[]) AND account_id IS NOT NULL ORDER BY posting_id",
    [paymentIds],
  );
  return rows.map((r) => r.b);
}

describe("SQL submit_payments on many items at once (set-based: docs/payment-runs.md, Speed)", () => {
  it("decides the funds in item order per debtor account: an item past them fails, a later one that fits is made", async () => {
    await setBalance(DEBTOR.number, 1000n);
    const subs = await Promise.all([400n, 700n, 300n, 500n, 100n, 250n].map((debitMinor) => submission({ debitMinor })));
    expect(await submit(subs.map((s) => ({ submission: s, slot: null })))).toEqual(["Accepted", "Failed", "Accepted", "Failed", "Accepted", "Failed"]);
    expect(await balanceMinor(DEBTOR.number)).toBe(200n);
    expect(await runningBalances(subs.map((s) => s.paymentId))).toEqual(["600", "300", "200"]);
    expect((await written(subs[1]!.paymentId)).status).toBe("Failed");
    expect(await verifyLedger((await getRuntime()).db)).toMatchObject({ ok: true });
  });

  it("an instructionIdentification twice in one call: the later is a duplicate only when the earlier was made", async () => {
    await setBalance(DEBTOR.number, 1000n);
    const id = `SET-${randomUUID().slice(0, 8)}`;
    const subs = [
      await submission({ debitMinor: 5000n, instruction: id }),
      await submission({ debitMinor: 100n, instruction: id }),
      await submission({ debitMinor: 100n, instruction: id }),
      await submission({ debitMinor: 100n }),
    ];
    expect(await submit(subs.map((s) => ({ submission: s, slot: null })))).toEqual(["Failed", "Accepted", "Duplicate", "Accepted"]);
    expect(await written(subs[2]!.paymentId)).toEqual({ status: null, postings: 0, tasks: 0, audits: 0 });
    expect(await written(subs[1]!.paymentId)).toEqual({ status: "Pending", postings: 2, tasks: 1, audits: 1 });
    // Across calls the id stays held by the payment made.
    expect(await submit([{ submission: await submission({ instruction: id }), slot: null }])).toEqual(["Duplicate"]);
  });

  it("leaves the balances, outcomes and running balances one call per item leaves", async () => {
    const amounts = [300n, 250n, 900n, 100n, 400n, 50n, 75n];
    const outcomes = async (together: boolean) => {
      await setBalance(DEBTOR.number, 1000n);
      const subs = await Promise.all(amounts.map((debitMinor) => submission({ debitMinor, instruction: `EQ-${randomUUID().slice(0, 8)}` })));
      const answers: SubmissionResult[] = [];
      if (together) answers.push(...(await submit(subs.map((s) => ({ submission: s, slot: null })))));
      else for (const s of subs) answers.push(...(await submit([{ submission: s, slot: null }])));
      return { answers, balance: await balanceMinor(DEBTOR.number), running: await runningBalances(subs.map((s) => s.paymentId)) };
    };
    const set = await outcomes(true);
    expect(set).toEqual(await outcomes(false));
    expect(set.answers).toEqual(["Accepted", "Accepted", "Failed", "Accepted", "Failed", "Accepted", "Accepted"]);
    expect(set.balance).toBe(225n);
  });
});
