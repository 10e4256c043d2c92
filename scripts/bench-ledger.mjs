// Ledger benchmark (issue 13, docs/ledger.md Performance): an account with 1,000,000 postings
// beside one with 1,000, in the same run, and statements of 100,000 entries. Writes
// docs/benchmarks-ledger.md.
//
//   node scripts/bench-ledger.mjs
//     starts its own production server (PORT 3145, DATA_DIR .data/bench-ledger) from the build in NEXT_DIST_DIR (default .next)
//   BENCH_BASE_URL=http://127.0.0.1:3200 BENCH_DATA_DIR=.data/bench node scripts/bench-ledger.mjs
//     uses a running server on a fresh database (scripts/bench.mjs calls it so).
//   BENCH_LEDGER_ROWS (default 1000000) sizes the large account; BENCH_LEDGER_SAMPLES (default 100) requests per figure.
//
// The history is generated in SQL (scripts/ledger-history.sql: generate_series, balanced
// entries, balance after each posting, the account's balance and posting count), not through
// the API, and `npm run ops -- ledger verify` is run on it at the end. Figures are reported,
// never asserted; the targets are checked in the document it writes.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, readlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import pg from "pg";
import {
  bearer,
  benchServer,
  databaseUrl,
  median,
  ms as f,
  timeRequests as timeRequestsOf,
  timeSql as timeSqlOf,
  tokenForPage as tokenForPageOf,
} from "./bench-kit.mjs";

const ROWS = Number(process.env.BENCH_LEDGER_ROWS ?? 1_000_000);
const SMALL_ROWS = 1_000;
const SAMPLES = Number(process.env.BENCH_LEDGER_SAMPLES ?? 100);
const PAGE_SIZE = 100;
const DEEP_PAGE = Math.min(1_000, Math.floor(ROWS / PAGE_SIZE));
/** Postings per bank-local day on the large account: one statement day holds exactly this many entries. */
const STATEMENT_ENTRIES = Math.min(100_000, ROWS);
const STATEMENT_RUNS = 3;
const OWN_PORT = 3145;
const OWN_DATA_DIR = ".data/bench-ledger";
// acme's new accounts, copied from its USD operating account. Bermuda is UTC−4 in January, so
// the history starts at the bank's midnight of 2025-01-01 and each local day holds STATEMENT_ENTRIES.
const BIG = { accountId: "ACC-1000800001", accountNumber: "1000800001", postings: ROWS };
const SMALL = { accountId: "ACC-1000800002", accountNumber: "1000800002", postings: SMALL_ROWS };
const HISTORY_START = "2025-01-01T04:00:00Z";
const STATEMENT_DAY = "2025-01-01";

/** The process listening on the server's port (scripts/bench.mjs starts it; its pid is not passed): socket inode → /proc/<pid>/fd. */
function pidListening(port) {
  const hex = port.toString(16).toUpperCase().padStart(4, "0");
  const inodes = new Set();
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, "utf8").split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length > 9 && cols[1].endsWith(`:${hex}`) && cols[3] === "0A") inodes.add(cols[9]);
    }
  }
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        const link = readlinkSync(`/proc/${pid}/fd/${fd}`);
        if (link.startsWith("socket:[") && inodes.has(link.slice(8, -1))) return Number(pid);
      }
    } catch {
      // another user's process, or gone: not ours
    }
  }
  throw new Error(`no process of ours listens on port ${port}`);
}

function rssKb(pid) {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(line.split(/\s+/)[1]);
}

const timeRequests = (url, auth) => timeRequestsOf(url, auth, SAMPLES);
const timeSql = (db, sql, params) => timeSqlOf(db, sql, params, SAMPLES);
const tokenForPage = (base, listPath, auth, page) => tokenForPageOf(base, listPath, auth, page, PAGE_SIZE);

/** One statement download, read as it streams and discarded: its time, size and the server's RSS growth meanwhile. */
async function timeStatement(base, auth, pid, format) {
  const url = `${base}/v1/accounts/${BIG.accountNumber}/statements?fromDate=${STATEMENT_DAY}&toDate=${STATEMENT_DAY}&format=${format}`;
  const before = rssKb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 20);
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: auth } });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.length;
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, rssKb(pid));
  return { ms, bytes, rssGrowthMb: (peak - before) / 1024, rssBeforeMb: before / 1024 };
}

/** The same postings (the statement's columns, join and order) through `COPY (SELECT …) TO STDOUT` from psql, output discarded. */
function timeCopy(url, accountId) {
  const select = `SELECT p.posting_id, p.entry_id, p.booked_at, p.value_date, p.amount_minor, p.currency, p.balance_after_minor, p.kind, p.reference, p.details,
      p.payment_id, pay.rail, pay.instruction_identification, pay.remittance_information
    FROM ledger_postings p LEFT JOIN payments pay ON pay.client_id = p.client_id AND pay.payment_id = p.payment_id
    WHERE p.client_id = 'acme' AND p.account_id = '${accountId}'
      AND p.booked_at >= ('${STATEMENT_DAY}'::date::timestamp AT TIME ZONE 'Atlantic/Bermuda')
      AND p.booked_at < (('${STATEMENT_DAY}'::date + 1)::timestamp AT TIME ZONE 'Atlantic/Bermuda')
    ORDER BY p.booked_at, p.posting_id`;
  const started = performance.now();
  const run = spawnSync("psql", [url, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-c", `COPY (${select}) TO STDOUT WITH (FORMAT csv)`], {
    stdio: ["ignore", "pipe", "inherit"],
    maxBuffer: 1024 * 1024 * 1024,
  });
  const ms = performance.now() - started;
  if (run.status !== 0) throw new Error(`psql COPY failed (${run.status}); is psql installed?`);
  return { ms, bytes: run.stdout.length, lines: run.stdout.toString().split("\n").length - 1 };
}

const { own, base, dataDir } = await benchServer({ port: OWN_PORT, dataDir: OWN_DATA_DIR });
const url = databaseUrl(dataDir);
const db = new pg.Client(url);
try {
  await db.connect();
  const auth = await bearer(base);
  const serverPid = own?.pid ?? pidListening(Number(new URL(base).port));

  const historySql = readFileSync("scripts/ledger-history.sql", "utf8");
  const loadStarted = performance.now();
  // One entry of two postings per generated posting, a day of STATEMENT_ENTRIES postings per bank-local day.
  const step = `${(86_400_000 / STATEMENT_ENTRIES).toFixed(3)} milliseconds`;
  await db.query(historySql, ["acme", "1000123456", BIG.accountId, BIG.accountNumber, BIG.postings, HISTORY_START, step, 1]);
  await db.query(historySql, ["acme", "1000123456", SMALL.accountId, SMALL.accountNumber, SMALL.postings, HISTORY_START, "1 minute", 1]);
  // What autovacuum does after a bulk load, done now: statistics and the visibility map.
  await db.query("VACUUM ANALYZE ledger_postings, accounts");
  const loadS = (performance.now() - loadStarted) / 1000;
  console.log(`generated ${BIG.postings} + ${SMALL.postings} postings (and their bank-side legs) in ${loadS.toFixed(0)} s`);

  // Pages (HTTP).
  const list = (a) => `/v1/accounts/${a.accountNumber}/transactions`;
  const small = await timeRequests(`${base}${list(SMALL)}?pageSize=${PAGE_SIZE}`, auth);
  const smallLastPage = Math.ceil(SMALL.postings / PAGE_SIZE);
  const smallLast = await timeRequests(
    `${base}${list(SMALL)}?pageStart=${smallLastPage}&pageToken=${encodeURIComponent(await tokenForPage(base, list(SMALL), auth, smallLastPage))}`,
    auth,
  );
  const first = await timeRequests(`${base}${list(BIG)}?pageSize=${PAGE_SIZE}`, auth);
  const walkStarted = performance.now();
  const walked = await tokenForPage(base, list(BIG), auth, DEEP_PAGE);
  const walkS = (performance.now() - walkStarted) / 1000;
  const deep = await timeRequests(`${base}${list(BIG)}?pageStart=${DEEP_PAGE}&pageToken=${encodeURIComponent(walked)}`, auth);
  const firstToken = await tokenForPage(base, list(BIG), auth, 2);
  const jump = await timeRequests(`${base}${list(BIG)}?pageStart=${DEEP_PAGE}&pageToken=${encodeURIComponent(firstToken)}`, auth);
  const filtered = await timeRequests(`${base}${list(BIG)}?pageSize=${PAGE_SIZE}&fromDate=${STATEMENT_DAY}&toDate=${STATEMENT_DAY}&type=Debit`, auth);
  const pages = { small, smallLast, first, deep, jump, filtered };
  console.log(JSON.stringify({ pages, walkS }));

  // The same pages with the list's SQL before this change (count of the whole range on every page, OFFSET from the top), in the database.
  const oldSql = (offset) => `SELECT p.*, (SELECT count(*) FROM ledger_postings c WHERE c.client_id = $1 AND c.account_id = $2) AS total
     FROM ledger_postings p LEFT JOIN payments pay ON pay.client_id = p.client_id AND pay.payment_id = p.payment_id
     WHERE p.client_id = $1 AND p.account_id = $2 ORDER BY p.booked_at DESC, p.posting_id DESC LIMIT 100 OFFSET ${offset}`;
  const before = {
    first: await timeSql(db, oldSql(0), ["acme", BIG.accountId]),
    deep: await timeSql(db, oldSql((DEEP_PAGE - 1) * PAGE_SIZE), ["acme", BIG.accountId]),
  };
  console.log(JSON.stringify({ before }));

  // Statements of STATEMENT_ENTRIES entries: each format, STATEMENT_RUNS times, beside psql's COPY of the same postings.
  await timeStatement(base, auth, serverPid, "csv"); // warm: code loaded, pool connection open
  const statements = [];
  for (const format of ["csv", "mt940", "camt053"]) {
    const runs = [];
    for (let i = 0; i < STATEMENT_RUNS; i++) runs.push(await timeStatement(base, auth, serverPid, format));
    const row = {
      format,
      ms: median(runs.map((r) => r.ms)),
      mb: runs[0].bytes / 1024 / 1024,
      rssGrowthMb: Math.max(...runs.map((r) => r.rssGrowthMb)),
      rssBeforeMb: runs[0].rssBeforeMb,
    };
    console.log(JSON.stringify(row));
    statements.push(row);
  }
  const copies = Array.from({ length: STATEMENT_RUNS }, () => timeCopy(url, BIG.accountId));
  const copy = { ms: median(copies.map((c) => c.ms)), mb: copies[0].bytes / 1024 / 1024, lines: copies[0].lines };
  console.log(JSON.stringify({ copy }));
  if (copy.lines !== STATEMENT_ENTRIES) throw new Error(`the statement day holds ${copy.lines} postings, expected ${STATEMENT_ENTRIES}`);

  // The verifier on the generated ledger, through the operations command line.
  const verifyStarted = performance.now();
  const verify = spawnSync(process.execPath, ["scripts/ops.mjs", "ledger", "verify"], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: url, APP_ENV: "uat" },
    encoding: "utf8",
  });
  const verifyS = (performance.now() - verifyStarted) / 1000;
  const verifyOut = (verify.stdout + verify.stderr).trim().split("\n").at(-1);
  console.log(JSON.stringify({ verify: verify.status, verifyOut, verifyS }));

  const yes = (ok) => (ok ? "yes" : "no");
  const n = (x) => x.toLocaleString("en-US");
  const lines = [
    "# Benchmarks: the ledger",
    "",
    `Run by \`node scripts/bench-ledger.mjs\` (part of \`npm run bench\`) on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown CPU"}), Node ${process.version},`,
    `production build on the embedded PostgreSQL. acme's account ${BIG.accountNumber} holds ${n(BIG.postings)} postings, account ${SMALL.accountNumber} ${n(SMALL.postings)}, in the same database,`,
    `generated in SQL by scripts/ledger-history.sql (balanced entries against sandbox funding and fee income, a balance after each posting) in ${loadS.toFixed(0)} s, then VACUUM ANALYZE.`,
    `Each page figure: ${SAMPLES} sequential requests from one connection after 3 warm-up requests, in ms. The machine is shared (2 cores, other`,
    "engineers' builds and tests running), so single figures are noisy; the ratios within a row are the point. Design: docs/pagination-at-scale.md, docs/ledger.md.",
    "",
    "## GET /v1/accounts/{n}/transactions, page size 100",
    "",
    "| page | p50 ms | p99 ms |",
    "| --- | ---: | ---: |",
    `| small account (${n(SMALL.postings)}): first page | ${f(small.p50)} | ${f(small.p99)} |`,
    `| small account: its last page (${smallLastPage}), walked with each token | ${f(smallLast.p50)} | ${f(smallLast.p99)} |`,
    `| large account (${n(BIG.postings)}): first page | ${f(first.p50)} | ${f(first.p99)} |`,
    `| large account: page ${n(DEEP_PAGE)}, walked with each response's token | ${f(deep.p50)} | ${f(deep.p99)} |`,
    `| large account: page ${n(DEEP_PAGE)}, jumped to with the first page's token | ${f(jump.p50)} | ${f(jump.p99)} |`,
    `| large account: first page filtered (one day, debits: a count of ${n(STATEMENT_ENTRIES / 2)} once per result set) | ${f(filtered.p50)} | ${f(filtered.p99)} |`,
    "",
    `Walking pages 1 to ${n(DEEP_PAGE)} one after another took ${walkS.toFixed(1)} s (${f((walkS * 1000) / DEEP_PAGE)} ms a page).`,
    "",
    "The list's SQL before this change (pagedList: a count of the account's postings and OFFSET from the top on every page), timed on the large account directly:",
    "",
    "| before, SQL only | p50 ms | p99 ms |",
    "| --- | ---: | ---: |",
    `| page 1 | ${f(before.first.p50)} | ${f(before.first.p99)} |`,
    `| page ${n(DEEP_PAGE)} | ${f(before.deep.p50)} | ${f(before.deep.p99)} |`,
    "",
    `## Statements of ${n(STATEMENT_ENTRIES)} entries (one day of the large account)`,
    "",
    `Each format downloaded ${STATEMENT_RUNS} times after one warm-up, read as it streams and discarded; time to the last byte (median); server RSS sampled every 20 ms,`,
    `growth = peak during the download − RSS before it (the largest of the runs). Baseline: psql running \`COPY (SELECT …) TO STDOUT\` of the same postings`,
    "(the statement's columns, its join to payments, its order) to a pipe, from a plain script, median of the same number of runs.",
    "",
    "| what | time ms | size MB | server RSS growth MB | time vs COPY |",
    "| --- | ---: | ---: | ---: | ---: |",
    ...statements.map(
      (s) => `| statement, ${s.format} | ${s.ms.toFixed(0)} | ${s.mb.toFixed(1)} | ${s.rssGrowthMb.toFixed(1)} | ${(s.ms / copy.ms).toFixed(2)}× |`,
    ),
    `| psql COPY (SELECT …) TO STDOUT, CSV | ${copy.ms.toFixed(0)} | ${copy.mb.toFixed(1)} | - | 1× |`,
    "",
    "## Targets",
    "",
    "| target | measured | met |",
    "| --- | --- | --- |",
    `| large account's first page p99 within 2× the small account's first page p99 | ${f(first.p99)} vs ${f(small.p99)} ms | ${yes(first.p99 <= 2 * small.p99)} |`,
    `| large account's page ${n(DEEP_PAGE)} p99 (walked) within 2× the small account's first page p99 | ${f(deep.p99)} vs ${f(small.p99)} ms | ${yes(deep.p99 <= 2 * small.p99)} |`,
    `| total_size not a count of the whole range on every page | unfiltered: the account's posting_count; filtered: counted once, then carried in the token | yes |`,
    ...statements.map(
      (s) =>
        `| ${s.format}: server RSS grows < 50 MB while streaming | ${s.rssGrowthMb.toFixed(1)} MB (RSS before: ${s.rssBeforeMb.toFixed(0)} MB) | ${yes(s.rssGrowthMb < 50)} |`,
    ),
    ...statements.map(
      (s) =>
        `| ${s.format}: at most 3× the bare COPY | ${(s.ms / copy.ms).toFixed(2)}× (${s.ms.toFixed(0)} vs ${copy.ms.toFixed(0)} ms) | ${yes(s.ms <= 3 * copy.ms)} |`,
    ),
    `| \`npm run ops -- ledger verify\` passes on the generated ledger | exit ${verify.status} in ${verifyS.toFixed(1)} s: ${verifyOut} | ${yes(verify.status === 0)} |`,
    "",
    "## Reading the figures",
    "",
    "- A page costs the same at any depth when the client sends each response's token: the walked page 1,000 reads 100 rows of",
    "  `ledger_postings_activity` backwards from where page 999 ended. Jumping straight to page 1,000 with the first page's token is",
    "  exact but counts from the snapshot bound (OFFSET 99,900): only a client that jumps pays it (docs/pagination-at-scale.md).",
    "- The first page reads the total from `accounts.posting_count` (one row), never a count of the account's postings; the old",
    "  SQL counted all of them on every page. A filtered first page counts its range once; its later pages carry the count.",
    "- A statement holds at most two cursor batches of 1,000 rows, so server RSS barely moves whatever the size. Its time is",
    "  JavaScript per entry (the pg driver's row parsing, the transaction view, the format's text): on a machine whose 2 cores",
    "  are shared with builds and tests it competes for CPU, while psql's COPY is C end to end. The ratio to COPY is the",
    "  figure to watch from run to run.",
    "",
  ];
  writeFileSync("docs/benchmarks-ledger.md", lines.join("\n") + "\n");
  console.log("wrote docs/benchmarks-ledger.md");
} finally {
  await db.end().catch(() => {});
  await own?.stop();
}
