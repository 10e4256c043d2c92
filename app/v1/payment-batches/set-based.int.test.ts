import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { processRun } from "@/lib/server/domain/payment-runs/process";
import { drainWorker } from "@/lib/server/entry/jobs/testing";
import { getRuntime } from "@/lib/server/entry/runtime";
import { ACME_USD, balanceMinor, setBalance } from "@/tests/payments";
import { achItem, postRun, runResults } from "@/tests/payment-runs";
import { runOps } from "@/tests/ops";

/**
 * The rules a run's set-based chunk must hold (docs/payment-runs.md, Speed: one statement per table for a chunk,
 * SQL submit_payments / ledger_post_entries): the funds are decided in item order per debtor account, each
 * account's items on its own funds; an instruction id used before is a duplicate across runs, and a payment that
 * failed for funds does not hold its id; the balances and running balances are those one item at a time leaves.
 */
const TREASURY_USD = "1000123460";

type Line = { debtor: string; amount: string };
const item = (tag: string, line: Line, i: number) =>
  achItem(0, {
    instructionIdentification: `${tag}${i}`,
    debtorAccount: { identification: line.debtor },
    instructedAmount: { amount: line.amount, currency: "USD" },
  });

/** What one payment at a time in file order makes: each debtor's items on its funds, an item past them Failed. */
function expected(lines: Line[], funds: Record<string, bigint>): { statuses: string[]; balances: Record<string, bigint> } {
  const balances = { ...funds };
  const statuses = lines.map(({ debtor, amount }) => {
    const minor = BigInt(amount.replace(".", ""));
    if (balances[debtor]! < minor) return "Failed";
    balances[debtor] = balances[debtor]! - minor;
    return "Created";
  });
  return { statuses, balances };
}

/** The debtors' running balances the ledger stored for a run's payments, per account in posting order. */
async function runningBalances(jobId: string): Promise<Record<string, string[]>> {
  const { rows } = await (
    await getRuntime()
  ).db.query<{ account: string; b: string }>(
    `SELECT a.account_number AS account, p.balance_after_minor::text AS b
     FROM payment_batch_items i
     JOIN ledger_postings p ON p.client_id = i.client_id AND p.payment_id = i.payment_id AND p.account_id IS NOT NULL
     JOIN accounts a ON a.client_id = p.client_id AND a.account_id = p.account_id
     WHERE i.client_id = 'acme' AND i.batch_id = $1 ORDER BY p.posting_id`,
    [jobId],
  );
  const out: Record<string, string[]> = {};
  for (const r of rows) (out[r.account] ??= []).push(r.b);
  return out;
}

/** Posts a run of `lines` from `funds` and makes it in chunks of `chunkSize`; its results, balances and running balances. */
async function runOf(lines: Line[], funds: Record<string, bigint>, chunkSize = 500) {
  for (const [account, minor] of Object.entries(funds)) await setBalance(account, minor);
  const tag = `S${randomUUID().slice(0, 6)}-`;
  const { status, body } = await postRun({ items: lines.map((line, i) => item(tag, line, i)) });
  expect(status).toBe(202);
  await processRun(await getRuntime(), "acme", body.jobId, chunkSize);
  const results = (await runResults(body.jobId)).body.data;
  const balances: Record<string, bigint> = {};
  for (const account of Object.keys(funds)) balances[account] = await balanceMinor(account);
  return { jobId: body.jobId, results, statuses: results.map((r) => r.status), balances, running: await runningBalances(body.jobId) };
}

describe("a run's set-based chunk decides as one payment at a time would", () => {
  it("decides the funds in item order per debtor account: an item past them fails for funds (AM04), later ones that fit are made", async () => {
    const lines: Line[] = ["4.00", "7.00", "3.00", "5.00", "1.00", "2.50"].map((amount) => ({ debtor: ACME_USD, amount }));
    const funds = { [ACME_USD]: 1000n };
    const run = await runOf(lines, funds);
    expect(run.statuses).toEqual(["Created", "Failed", "Created", "Failed", "Created", "Failed"]);
    expect(run.statuses).toEqual(expected(lines, funds).statuses);
    expect(run.results[1]!.error?.code).toBe("INSUFFICIENT_FUNDS");
    expect(run.balances).toEqual({ [ACME_USD]: 200n });
    expect(run.running).toEqual({ [ACME_USD]: ["600", "300", "200"] });
    expect((await runOps(["ledger", "verify", "--json"])).code).toBe(0);
    await drainWorker();
  });

  it("mixed debtors in one chunk: each account's items in item order on its own funds", async () => {
    const amounts = ["3.00", "2.00", "4.00", "6.00", "1.00", "2.00", "5.00", "1.50", "0.50", "3.00", "2.00", "1.00"];
    const lines: Line[] = amounts.map((amount, i) => ({ debtor: i % 3 === 1 ? TREASURY_USD : ACME_USD, amount }));
    const funds = { [ACME_USD]: 900n, [TREASURY_USD]: 500n };
    const run = await runOf(lines, funds);
    const model = expected(lines, funds);
    expect(run.statuses).toEqual(model.statuses);
    expect(run.statuses).toContain("Failed");
    expect(run.balances).toEqual(model.balances);
    expect((await runOps(["ledger", "verify", "--json"])).code).toBe(0);
    await drainWorker();
  });

  it("leaves the balances, statuses and running balances of one item at a time (chunks of 500 and chunks of 1)", async () => {
    const amounts = ["2.00", "9.00", "1.00", "3.00", "0.75", "4.00", "2.25", "1.00", "6.00", "0.50"];
    const lines: Line[] = amounts.map((amount, i) => ({ debtor: i % 4 === 0 ? TREASURY_USD : ACME_USD, amount }));
    const funds = { [ACME_USD]: 1200n, [TREASURY_USD]: 700n };
    const together = await runOf(lines, funds, 500);
    const oneByOne = await runOf(lines, funds, 1);
    expect(together.statuses).toEqual(oneByOne.statuses);
    expect(together.balances).toEqual(oneByOne.balances);
    expect(together.running).toEqual(oneByOne.running);
    expect(together.statuses).toEqual(expected(lines, funds).statuses);
    expect((await runOps(["ledger", "verify", "--json"])).code).toBe(0);
    await drainWorker();
  });

  it("refuses an instruction id used by an earlier run (DUPL) once its payment was made; one that failed for funds holds none", async () => {
    await setBalance(ACME_USD, 500n);
    const tag = `D${randomUUID().slice(0, 6)}-`;
    const first = await postRun({
      items: [
        item(tag, { debtor: ACME_USD, amount: "1.00" }, 1),
        item(tag, { debtor: ACME_USD, amount: "10.00" }, 2),
        item(tag, { debtor: ACME_USD, amount: "1.00" }, 3),
      ],
    });
    await processRun(await getRuntime(), "acme", first.body.jobId);
    expect((await runResults(first.body.jobId)).body.data.map((r) => r.status)).toEqual(["Created", "Failed", "Created"]);
    const second = await postRun({
      items: [
        item(tag, { debtor: ACME_USD, amount: "1.00" }, 3),
        item(tag, { debtor: ACME_USD, amount: "1.00" }, 2),
        item(tag, { debtor: ACME_USD, amount: "1.00" }, 1),
      ],
    });
    await processRun(await getRuntime(), "acme", second.body.jobId);
    const results = (await runResults(second.body.jobId)).body.data;
    expect(results.map((r) => [r.status, r.error?.code ?? null, r.paymentId === null])).toEqual([
      ["Rejected", "ACH_LOCAL_DUPLICATE_INSTRUCTION_ID", true],
      ["Created", null, false],
      ["Rejected", "ACH_LOCAL_DUPLICATE_INSTRUCTION_ID", true],
    ]);
    expect(await balanceMinor(ACME_USD)).toBe(200n);
    const { rows } = await (
      await getRuntime()
    ).db.query<{ id: string; n: string }>(
      "SELECT instruction_identification AS id, count(*) FILTER (WHERE status <> 'Failed')::text AS n FROM payments WHERE client_id = 'acme' AND instruction_identification LIKE $1 GROUP BY 1 ORDER BY 1",
      [`${tag}%`],
    );
    expect(rows).toEqual([
      { id: `${tag}1`, n: "1" },
      { id: `${tag}2`, n: "1" },
      { id: `${tag}3`, n: "1" },
    ]);
    await drainWorker();
  });
});
