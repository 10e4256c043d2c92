// Payment-run benchmark (docs/benchmarks-payment-runs.md, issue 20). Called by scripts/bench.mjs with
// BENCH_BASE_URL (a running production server on a fresh database); alone it starts its own on PORT.
// Three figures from one run, on one machine, one after another:
//   1. the single-payment API: POST /v1/payments/ach-local, 50 requests in flight, payments per second;
//   2. a 10,000-item ACH run: POST /v1/payment-batches, then GET /v1/jobs/{id} until Completed,
//      payments per second from the 202 to Completed (the client's clock) and the job's own processing span;
//   3. the floor: a bare multi-row INSERT of the same 10,000 payment rows into a copy of the payments
//      table, in chunks of the run's size (no rules, no ledger, no audit, no outbox).
// Figures are reported, not asserted.
import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import os from "node:os";
import pg from "pg";
import { bearer, benchServer, cpuSeconds, databaseUrl, sleep } from "./bench-kit.mjs";

const ITEMS = Number(process.env.BENCH_RUN_ITEMS ?? 10_000);
const SINGLE = Number(process.env.BENCH_RUN_SINGLE ?? 2_000);
const IN_FLIGHT = 50;
const CHUNK = 500; // RUN_CHUNK_SIZE in lib/server/domain/payment-runs/process.ts
const DEBTOR = "1000123460"; // acme, USD, 1,000,000.00: a cent per payment never runs dry
const OUT = process.env.BENCH_RUNS_OUT ?? "docs/benchmarks-payment-runs.md";
const TAG = randomUUID().slice(0, 4).toUpperCase();

const ach = (id) => ({
  instructionIdentification: id,
  debtorAccount: { identification: DEBTOR },
  debitCurrency: "USD",
  instructedAmount: { amount: "0.01", currency: "USD" },
  creditorAccount: { identification: "20004455667", name: "Payroll Payee" },
  creditorBank: { bankCode: "BANK_A", currency: "USD" },
  remittanceInformation: ["Payroll"],
});

/**
 * CPU seconds the server and its embedded PostgreSQL used so far (null on a server this script did not start): per payment,
 * a yardstick the other engineers' load moves less than payments per second.
 */
let cpuNow = () => null;
const cpuMsPer = (before, after, n) =>
  before && after
    ? `CPU per payment: server ${(((after.server - before.server) * 1000) / n).toFixed(2)} ms, PostgreSQL ${(((after.postgres - before.postgres) * 1000) / n).toFixed(2)} ms`
    : "";

async function singlePaymentRate(base, auth) {
  let next = 0;
  const cpuBefore = cpuNow();
  const started = performance.now();
  const worker = async () => {
    while (next < SINGLE) {
      const i = next++;
      const res = await fetch(`${base}/v1/payments/ach-local`, {
        method: "POST",
        headers: { authorization: auth, "content-type": "application/json" },
        body: JSON.stringify(ach(`S${TAG}${i}`)),
      });
      if (res.status !== 201) throw new Error(`single payment: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return { rate: SINGLE / ((performance.now() - started) / 1000), cpu: cpuMsPer(cpuBefore, cpuNow(), SINGLE) };
}

async function runRate(base, auth) {
  const body = JSON.stringify({ items: Array.from({ length: ITEMS }, (_, i) => ({ rail: "ACH", request: ach(`R${TAG}${i}`) })), reference: "bench" });
  const posted = performance.now();
  const res = await fetch(`${base}/v1/payment-batches`, { method: "POST", headers: { authorization: auth, "content-type": "application/json" }, body });
  if (res.status !== 202) throw new Error(`run: ${res.status} ${await res.text()}`);
  const accepted = performance.now();
  const cpuBefore = cpuNow();
  const { jobId } = await res.json();
  let job;
  for (;;) {
    job = await (await fetch(`${base}/v1/jobs/${jobId}`, { headers: { authorization: auth } })).json();
    if (job.status === "Completed" || job.status === "Failed") break;
    await sleep(20);
  }
  const completed = performance.now();
  const cpu = cpuMsPer(cpuBefore, cpuNow(), ITEMS);
  if (job.status !== "Completed" || job.succeededItems !== ITEMS) throw new Error(`run ended ${JSON.stringify(job)}`);
  return { jobId, acceptMs: accepted - posted, runMs: completed - accepted, rate: ITEMS / ((completed - accepted) / 1000), bytes: body.length, cpu };
}

async function bareInsertRate(db, jobId) {
  const { rows } = await db.query(
    `SELECT to_jsonb(p) AS row FROM payments p JOIN payment_batch_items i ON i.client_id = p.client_id AND i.payment_id = p.payment_id
     WHERE i.client_id = 'acme' AND i.batch_id = $1 ORDER BY i.item_index`,
    [jobId],
  );
  await db.query("DROP TABLE IF EXISTS bench_payments_copy");
  await db.query("CREATE TABLE bench_payments_copy (LIKE payments INCLUDING ALL)");
  const started = performance.now();
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK).map((r) => ({ ...r.row, payment_id: randomUUID() }));
    await db.query("INSERT INTO bench_payments_copy SELECT * FROM jsonb_populate_recordset(NULL::bench_payments_copy, $1)", [JSON.stringify(chunk)]);
  }
  const seconds = (performance.now() - started) / 1000;
  await db.query("DROP TABLE bench_payments_copy");
  return rows.length / seconds;
}

/** The machine is shared: its load average (1 min) beside the figures, at the start and at the end. */
const loadAtStart = os.loadavg()[0];
const { own, base, dataDir } = await benchServer({ port: Number(process.env.PORT ?? 4390), dataDir: ".data/bench-runs" });
if (own) cpuNow = () => cpuSeconds({ serverPid: own.pid, dataDir });
const db = new pg.Client(databaseUrl(dataDir));
await db.connect();
try {
  const auth = await bearer(base);
  const single = await singlePaymentRate(base, auth);
  const run = await runRate(base, auth);
  const bare = await bareInsertRate(db, run.jobId);
  const { rows } = await db.query(
    "SELECT extract(epoch FROM completed_at - started_at) AS span FROM payment_batches WHERE client_id = 'acme' AND batch_id = $1",
    [run.jobId],
  );
  const span = Number(rows[0].span);
  const lines = [
    "# Payment runs benchmark",
    "",
    `Written by \`scripts/bench-payment-runs.mjs\` (\`npm run bench\`) on ${new Date().toISOString()}, ${os.cpus().length} CPUs, Node ${process.version}.`,
    "Method: docs/payment-runs.md, Speed. One production server on a fresh embedded database; the three figures come one after another in the same run.",
    `Load average (1 min) on the machine: ${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0].toFixed(1)} at the end.`,
    "",
    "| what | payments / s | note |",
    "| --- | --- | --- |",
    `| single-payment API, ${IN_FLIGHT} in flight (${SINGLE} payments) | ${single.rate.toFixed(0)} | POST /v1/payments/ach-local, a fresh instruction id each. ${single.cpu} |`,
    `| ${ITEMS.toLocaleString("en-US")}-item ACH run, 202 to Completed | ${run.rate.toFixed(0)} | ${(run.runMs / 1000).toFixed(2)} s; accepting the ${(run.bytes / 1e6).toFixed(1)} MB file took ${(run.acceptMs / 1000).toFixed(2)} s before the 202. ${run.cpu} |`,
    `| the same run, the job's own span (started_at to completed_at) | ${(ITEMS / span).toFixed(0)} | ${span.toFixed(2)} s |`,
    `| bare multi-row INSERT of the same rows, ${CHUNK} a statement | ${bare.toFixed(0)} | no rules, ledger, audit or outbox |`,
    "",
    `Run vs single-payment API: ${(run.rate / single.rate).toFixed(1)}×; run vs bare INSERT: ${((run.rate / bare) * 100).toFixed(0)} % of the floor. Target: the run at ≥ 1,000 payments/s: ${run.rate >= 1000 ? "met" : "NOT met"}.`,
    "",
  ];
  writeFileSync(OUT, lines.join("\n"));
  console.log(lines.join("\n"));
} finally {
  await db.end();
  await own?.stop();
}
