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
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { stopEmbeddedPostgres } from "./embedded-pg.mjs";

const RUNS = Number(process.env.BENCH_VA_RUNS ?? 7);
const ITEMS = 1000;
const OWN_PORT = 3210;
const OWN_DATA_DIR = ".data/bench-va";
const POLL_MS = 2;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitHealthy(base, timeoutMs = 90_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet: try again
    }
    await sleep(50);
  }
  throw new Error(`${base} not healthy`);
}

function databaseUrl(dataDir) {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  if (process.env.DATABASE_URL && process.env.BENCH_BASE_URL) return process.env.DATABASE_URL;
  const file = path.join(dataDir, "embedded-pg.json");
  if (!existsSync(file)) return null;
  const { port, password } = JSON.parse(readFileSync(file, "utf8"));
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/harbour`;
}

async function startOwnServer() {
  // The build in NEXT_DIST_DIR (default .next), made first when there is none.
  if (!existsSync(path.join(process.env.NEXT_DIST_DIR ?? ".next", "BUILD_ID"))) {
    const build = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], { stdio: "inherit" });
    if (build.status !== 0) throw new Error("next build failed");
  }
  await stopEmbeddedPostgres(OWN_DATA_DIR);
  rmSync(OWN_DATA_DIR, { recursive: true, force: true });
  const child = spawn(process.execPath, ["scripts/server.mjs"], {
    env: { ...process.env, PORT: String(OWN_PORT), DATA_DIR: OWN_DATA_DIR, APP_ENV: "uat", RATE_LIMIT_MAX: "10000000", NODE_ENV: "production" },
    stdio: "ignore",
    detached: true,
  });
  const base = `http://127.0.0.1:${OWN_PORT}`;
  await waitHealthy(base);
  return {
    base,
    stop: async () => {
      const exited = new Promise((r) => child.once("exit", r));
      process.kill(-child.pid, "SIGTERM");
      await exited;
    },
  };
}

async function token(base) {
  const res = await fetch(`${base}/v1/oauth/token`, {
    method: "POST",
    headers: { authorization: `Basic ${Buffer.from("acme:acme-uat-secret").toString("base64")}`, "content-type": "application/x-www-form-urlencoded" },
    body: "grant_type=client_credentials",
  });
  if (!res.ok) throw new Error(`token: ${res.status} ${await res.text()}`);
  return (await res.json()).access_token;
}

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

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: at(0.5), p90: at(0.9), min: sorted[0], max: sorted[sorted.length - 1] };
}
const f = (ms) => (ms === undefined || Number.isNaN(ms) ? "n/a" : ms.toFixed(1));

const own = process.env.BENCH_BASE_URL ? null : await startOwnServer();
const base = (process.env.BENCH_BASE_URL ?? own.base).replace(/\/+$/, "");
const dataDir = own ? OWN_DATA_DIR : (process.env.BENCH_DATA_DIR ?? process.env.DATA_DIR ?? ".data/bench");
const url = databaseUrl(dataDir);
const db = url ? new pg.Client(url) : null;
try {
  await db?.connect();
  const auth = `Bearer ${await token(base)}`;
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
  const ratio = s.processing.median / s.bare.median;
  const line = (name, x) => `| ${name} | ${f(x.median)} | ${f(x.p90)} | ${f(x.min)} | ${f(x.max)} |`;
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

- Target 1, 202 -> Completed under 1 s: median ${f(s.completed.median)} ms, worst ${f(s.completed.max)} ms -> ${s.completed.max < 1000 ? "**met**" : "**not met**"}.
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
