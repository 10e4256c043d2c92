// Virtual-account batch benchmark: time from the 202 of a 1000-item POST
// /v1/virtual-accounts to the job's Completed status, and the job's own
// processing time, beside the same 1000 rows written by one multi-row INSERT
// from this plain script in the same run. Writes docs/benchmarks-virtual-accounts.md.
//
//   node scripts/bench-virtual-accounts.mjs
//     starts its own production server (PORT 3210, DATA_DIR .data/bench-va) from the build in NEXT_DIST_DIR (default .next)
//   BENCH_BASE_URL=http://127.0.0.1:3200 [BENCH_DATA_DIR=.data/bench | BENCH_DATABASE_URL=postgres://...] node scripts/bench-virtual-accounts.mjs
//     uses a running server (scripts/bench.mjs calls it so); the database is needed for
//     the processing time and the bare INSERT, and is found from DATA_DIR's embedded-pg.json.
//
// Figures are reported, never asserted: the targets are in the document it writes.
import { writeFileSync } from "node:fs";
import os from "node:os";
import pg from "pg";
import { bearer, benchServer, databaseUrl, ms as f, percentiles as stats, sleep } from "./bench-kit.mjs";

const RUNS = Number(process.env.BENCH_VA_RUNS ?? 7);
const ITEMS = 1000;
const OWN_PORT = 3210;
const OWN_DATA_DIR = ".data/bench-va";
const POLL_MS = 2;

const items = (run) =>
  Array.from({ length: ITEMS }, (_, i) => ({
    currency: i % 2 ? "BMD" : "USD",
    accountHolderName: `Bench Holder ${run}-${i}`,
    accountName: `Bench Account ${i}`,
    clientReference: `B${run}-${i}`,
  }));

/** One job: POST, then poll its status as fast as is reasonable until it is terminal. */
async function runJob(base, auth, run) {
  const body = JSON.stringify({ items: items(run) });
  const posted = performance.now();
  const res = await fetch(`${base}/v1/virtual-accounts`, { method: "POST", headers: { authorization: auth, "content-type": "application/json" }, body });
  const accepted = performance.now();
  if (res.status !== 202) throw new Error(`POST: ${res.status} ${await res.text()}`);
  const { jobId, statusUrl } = await res.json();
  for (;;) {
    const status = await (await fetch(statusUrl.replace(/^https?:\/\/[^/]+/, base), { headers: { authorization: auth } })).json();
    if (["Completed", "CompletedWithErrors", "Failed"].includes(status.status)) {
      if (status.status !== "Completed" || status.succeededItems !== ITEMS) throw new Error(`job ${jobId}: ${JSON.stringify(status)}`);
      return { jobId, postMs: accepted - posted, acceptedToCompletedMs: performance.now() - accepted };
    }
    await sleep(POLL_MS);
  }
}

/** The same 1000 rows, one multi-row INSERT ... VALUES, committed: the floor for the job's own work. */
async function bareInsert(db, run) {
  const columns = [
    "client_id",
    "virtual_account_number",
    "currency",
    "account_holder_name",
    "account_name",
    "client_reference",
    "allocated_at",
    "job_id",
    "item_index",
  ];
  const jobId = crypto.randomUUID();
  const params = [];
  const tuples = items(run).map((item, i) => {
    const base = params.length;
    params.push(
      "acme",
      `BARE${run}${String(i).padStart(6, "0")}${jobId.slice(0, 8)}`,
      item.currency,
      item.accountHolderName,
      item.accountName,
      item.clientReference,
      new Date(),
      jobId,
      i,
    );
    return `(${columns.map((_, c) => `$${base + c + 1}`).join(", ")})`;
  });
  const started = performance.now();
  await db.query("BEGIN");
  await db.query(`INSERT INTO virtual_accounts (${columns.join(", ")}) VALUES ${tuples.join(", ")}`, params);
  await db.query("COMMIT");
  const ms = performance.now() - started;
  await db.query("DELETE FROM virtual_accounts WHERE client_id = 'acme' AND job_id = $1", [jobId]);
  return ms;
}

const { own, base, dataDir } = await benchServer({ port: OWN_PORT, dataDir: OWN_DATA_DIR });
const url = databaseUrl(dataDir);
const db = url ? new pg.Client(url) : null;
try {
  await db?.connect();
  const auth = await bearer(base);
  await runJob(base, auth, "warm"); // first-request compilation, pool and worker warm-up
  const rows = [];
  for (let run = 0; run < RUNS; run++) {
    const job = await runJob(base, auth, run);
    let processingMs = NaN;
    let queueMs = NaN;
    if (db) {
      const { rows: r } = await db.query(
        `SELECT extract(epoch FROM completed_at - started_at) * 1000 AS processing, extract(epoch FROM started_at - created_at) * 1000 AS queued
         FROM virtual_account_jobs WHERE client_id = 'acme' AND job_id = $1`,
        [job.jobId],
      );
      processingMs = Number(r[0].processing);
      queueMs = Number(r[0].queued);
    }
    const bareMs = db ? await bareInsert(db, run) : NaN;
    rows.push({ ...job, processingMs, queueMs, bareMs });
    console.log(
      JSON.stringify({
        run,
        postMs: f(job.postMs),
        acceptedToCompletedMs: f(job.acceptedToCompletedMs),
        queueMs: f(queueMs),
        processingMs: f(processingMs),
        bareInsertMs: f(bareMs),
      }),
    );
  }
  const s = {
    post: stats(rows.map((r) => r.postMs)),
    completed: stats(rows.map((r) => r.acceptedToCompletedMs)),
    queue: stats(rows.map((r) => r.queueMs)),
    processing: stats(rows.map((r) => r.processingMs)),
    bare: stats(rows.map((r) => r.bareMs)),
  };
  const ratio = s.processing.p50 / s.bare.p50;
  const line = (name, x) => `| ${name} | ${f(x.p50)} | ${f(x.p90)} | ${f(x.min)} | ${f(x.max)} |`;
  const doc = `# Benchmark: virtual-account batch creation

Generated by \`node scripts/bench-virtual-accounts.mjs\` on ${new Date().toISOString()}
(${os.cpus().length} CPU ${os.cpus()[0]?.model ?? ""}, Node ${process.version}, ${own ? "own production server on the embedded PostgreSQL (fsync on)" : `server at ${base}`}).
${RUNS} jobs of ${ITEMS} allocated items (USD and BMD) after one warm-up job; times in milliseconds.

| measure | median | p90 | min | max |
|---|---|---|---|---|
${line("POST /v1/virtual-accounts (validate 1000 items, store job, enqueue) -> 202", s.post)}
${line("**202 -> Completed** as a client polling every ~2 ms sees it", s.completed)}
${line("queue wait: job created -> worker started (started_at - created_at)", s.queue)}
${line("**job processing** (completed_at - started_at: 4 chunk transactions of 250)", s.processing)}
${line("bare: the same 1000 rows, one multi-row INSERT ... VALUES + COMMIT from a plain script", s.bare)}

- Target 1, 202 -> Completed under 1 s: median ${f(s.completed.p50)} ms, worst ${f(s.completed.max)} ms -> ${s.completed.max < 1000 ? "**met**" : "**not met**"}.
- Target 2, processing within 10x of the bare insert: median ratio ${Number.isFinite(ratio) ? ratio.toFixed(1) : "n/a"}x -> ${ratio <= 10 ? "**met**" : Number.isFinite(ratio) ? "**not met**" : "not measured (no database access)"}.

What the job does beyond the bare insert, per chunk of 250: lock the job row (FOR UPDATE), read the provisioned
currencies, draw 250 numbers from the sequence, one INSERT ... SELECT FROM jsonb_to_recordset for the accounts with
ON CONFLICT (client_id, job_id, item_index) DO NOTHING and, in the same statement, one audit_log row per account,
advance the counters, COMMIT (an fsync each). The last chunk also writes the job's audit row and, with a
callbackUrl, the delivery outbox row. The 202 -> Completed time adds the worker's wake-up (LISTEN/NOTIFY at the
commit of the 202's transaction) and the client's polling.
`;
  writeFileSync("docs/benchmarks-virtual-accounts.md", doc);
  console.log(doc);
} finally {
  await db?.end().catch(() => {});
  await own?.stop();
}
