// Cluster benchmark (docs/benchmarks-cluster.md), run by scripts/bench.mjs: the same load generator
// through HAProxy against `npm run cluster` with 1 and with 2 servers, with the CPU each part of
// the system spent (servers, HAProxy, PostgreSQL, the load generator) read from /proc; then the
// rolling-restart test (e2e/cluster/rolling-restart.spec.ts: 10 restarts, 2 of them kill -9,
// under keyed payments, reads and deposits that retry with the same key) through
// scripts/test-cluster.mjs, whose figures it reports. Starts its own clusters on ports
// 3210-3212 (BENCH_CLUSTER_PORT) and 3230-3232 on their own embedded databases.
// Figures are reported, not asserted.
import autocannon from "autocannon";
import { spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { processes } from "./bench-kit.mjs";
import { stopEmbeddedPostgres } from "./embedded-pg.mjs";

const PORT = Number(process.env.BENCH_CLUSTER_PORT ?? 3210);
const DATA_DIR = ".data/bench-cluster";
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const CONNECTIONS = 50;
const OUT = process.env.BENCH_CLUSTER_OUT ?? "docs/benchmarks-cluster.md";
const STATE_FILE = path.resolve(DATA_DIR, "cluster.json");
const TICKS_PER_S = 100; // USER_HZ on Linux
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function ready(url, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await sleep(200);
  }
  throw new Error(`${url} not ready`);
}

async function startCluster(size) {
  const child = spawn(process.execPath, ["scripts/cluster.mjs"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      CLUSTER_SIZE: String(size),
      DATA_DIR,
      APP_ENV: "uat",
      RATE_LIMIT_MAX: "100000000",
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      CLUSTER_STATE_FILE: STATE_FILE,
    },
    stdio: "ignore",
  });
  for (let i = 1; i <= size; i++) await ready(`http://127.0.0.1:${PORT + i}/readyz`);
  await ready(`${BASE}/readyz`);
  await sleep(2500); // the balancer's rise 2
  return child;
}

/** The cluster's parts: its servers (state file), its HAProxy (a child of the cluster script) and its PostgreSQL (postmaster and backends). */
function parts(cluster) {
  const all = processes();
  const servers = new Set(JSON.parse(readFileSync(STATE_FILE, "utf8")).servers.map((s) => s.pid));
  const postmasterFile = findFile(DATA_DIR, "postmaster.pid");
  const postmaster = postmasterFile ? Number(readFileSync(postmasterFile, "utf8").split("\n")[0]) : -1;
  const cpu = { servers: 0, haproxy: 0, postgres: 0 };
  for (const p of all) {
    if (servers.has(p.pid)) cpu.servers += p.ticks;
    else if (p.ppid === cluster.pid && p.comm === "haproxy") cpu.haproxy += p.ticks;
    else if (p.pid === postmaster || p.ppid === postmaster) cpu.postgres += p.ticks;
  }
  return cpu;
}

function findFile(dir, name) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isFile() && entry.name === name) return full;
    if (entry.isDirectory()) {
      const found = findFile(full, name);
      if (found) return found;
    }
  }
  return null;
}

/** A load run with the CPU seconds each part spent during it. */
async function measured(cluster, options) {
  const before = parts(cluster);
  const self = process.cpuUsage();
  const result = await run(options);
  const after = parts(cluster);
  const own = process.cpuUsage(self);
  const cpu = Object.fromEntries(Object.keys(before).map((k) => [k, (after[k] - before[k]) / TICKS_PER_S]));
  cpu.loadGenerator = (own.user + own.system) / 1e6;
  return { ...result, cpu };
}

async function stopCluster(child) {
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

async function token() {
  const res = await fetch(`${BASE}/v1/oauth/token`, {
    method: "POST",
    headers: { authorization: `Basic ${Buffer.from("acme:acme-uat-secret").toString("base64")}`, "content-type": "application/x-www-form-urlencoded" },
    body: "grant_type=client_credentials",
  });
  return (await res.json()).access_token;
}

const ACH = JSON.stringify({
  debtorAccount: { identification: "1000123460" },
  debitCurrency: "USD",
  instructedAmount: { amount: "0.01", currency: "USD" },
  creditorAccount: { identification: "20004455667", name: "Harbour Supplies" },
  creditorBank: { bankCode: "BANK_A", currency: "USD" },
  remittanceInformation: ["Bench"],
});

function run(options) {
  return new Promise((resolve, reject) => autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...options }, (e, r) => (e ? reject(e) : resolve(r))));
}

const statuses = (r) =>
  Object.entries(r.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}: ${count}`)
    .concat(r.errors ? [`errors/timeouts: ${r.errors}`] : [])
    .join(", ");
const row = (label, r) => `| ${label} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${statuses(r)} |`;

async function measure(cluster, auth) {
  const read = await measured(cluster, { url: `${BASE}/v1/accounts/1000123456`, headers: { authorization: auth } });
  // A fresh Idempotency-Key per request: each one creates a payment (no replays).
  const headers = { authorization: auth, "content-type": "application/json" };
  const ach = await measured(cluster, {
    url: BASE,
    requests: [
      {
        method: "POST",
        path: "/v1/payments/ach-local",
        headers,
        body: ACH,
        setupRequest: (req) => ({ ...req, headers: { ...req.headers, "idempotency-key": randomUUID() } }),
      },
    ],
  });
  return { read, ach };
}

/** The rolling-restart test through scripts/test-cluster.mjs (its own cluster, port 3230), and the figures it wrote. */
function rollingRestart() {
  const report = path.resolve(".data/bench-rolling-restart.json");
  rmSync(report, { force: true });
  const test = spawnSync(process.execPath, ["scripts/test-cluster.mjs", "e2e/cluster/rolling-restart.spec.ts"], {
    stdio: "inherit",
    env: {
      ...process.env,
      CLUSTER_E2E_PORT: process.env.BENCH_CLUSTER_ROLLING_PORT ?? "3230",
      CLUSTER_E2E_DATA_DIR: ".data/bench-cluster-rolling",
      ROLLING_RESTART_REPORT: report,
    },
  });
  if (!existsSync(report)) throw new Error(`the rolling-restart test wrote no figures (exit ${test.status})`);
  return { ...JSON.parse(readFileSync(report, "utf8")), passed: test.status === 0 };
}

await stopEmbeddedPostgres(DATA_DIR);
rmSync(DATA_DIR, { recursive: true, force: true });
const results = {};
for (const size of [1, 2]) {
  const cluster = await startCluster(size);
  const auth = `Bearer ${await token()}`;
  results[size] = await measure(cluster, auth);
  await stopCluster(cluster);
}
// BENCH_CLUSTER_ROLLING=0 leaves the rolling restart out (minutes; `npm test`'s cluster layer runs it too).
results.rolling = process.env.BENCH_CLUSTER_ROLLING === "0" ? null : rollingRestart();

const ratio = (k) => (results[2][k].requests.average / results[1][k].requests.average).toFixed(2);
const cpuRow = (label, r) => {
  const total = r.requests.total || 1;
  const perRequest = (seconds) => ((1000 * seconds) / total).toFixed(2);
  const { servers, haproxy, postgres, loadGenerator } = r.cpu;
  const busy = servers + haproxy + postgres + loadGenerator;
  return `| ${label} | ${perRequest(servers)} | ${perRequest(haproxy)} | ${perRequest(postgres)} | ${perRequest(loadGenerator)} | ${((100 * busy) / (DURATION_S * os.cpus().length)).toFixed(0)}% |`;
};
const rolling = results.rolling;
/** The rolling-restart section's lines. */
function rollingLines(rolling) {
  return [
    `e2e/cluster/rolling-restart.spec.ts through scripts/test-cluster.mjs (2 servers behind HAProxy): 4 client loops of keyed ACH payments,`,
    `reads and keyed deposits while the servers are restarted in turn ${rolling.restarts} times (${rolling.killRounds} of them by kill -9, the rest by SIGTERM with`,
    "its drain). A request that fails retryably (no answer, 502/503, or 409 REQUEST_IN_PROGRESS for a key whose server died) is sent",
    `again with the same key; the test then checks that every payment and deposit moved money exactly once. Test ${rolling.passed ? "passed" : "**failed**"}.`,
    "",
    "| measure | value |",
    "|---|---|",
    `| requests sent (including retries) | ${rolling.requests} |`,
    `| attempts that failed retryably (each then retried), per restart | ${(rolling.retried / rolling.restarts).toFixed(1)} (${rolling.retried} in all) |`,
    `| failed after retry with the same key (target 0) | ${rolling.failedAfterRetry} |`,
    `| answers | ${Object.entries(rolling.statuses)
      .map(([code, n]) => `${code === "0" ? "no answer" : code}: ${n}`)
      .join(", ")} |`,
    `| p99 during restarts (${rolling.requestsDuring} requests) | ${rolling.p99DuringMs} ms |`,
    `| p99 outside restarts (${rolling.requestsOutside} requests) | ${rolling.p99OutsideMs} ms |`,
    "",
  ];
}

const lines = [
  "# Cluster benchmark (scripts/bench-cluster.mjs, one run of `npm run bench`)",
  "",
  `Run on ${new Date().toISOString().slice(0, 10)}. Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), shared by the load generator, HAProxy, the servers and PostgreSQL. ${CONNECTIONS} connections, ${DURATION_S} s per row, through HAProxy, production build, embedded PostgreSQL.`,
  "",
  "## One server and two, same load generator, same run",
  "",
  "| row | req/s | p50 ms | p99 ms | answers |",
  "|---|---|---|---|---|",
  row("GET /v1/accounts/{n}, 1 server", results[1].read),
  row("GET /v1/accounts/{n}, 2 servers", results[2].read),
  row("POST /v1/payments/ach-local (keyed), 1 server", results[1].ach),
  row("POST /v1/payments/ach-local (keyed), 2 servers", results[2].ach),
  "",
  `Ratio 2 servers / 1 server: reads ${ratio("read")}, ACH creation ${ratio("ach")}.`,
  "",
  "## Where the time goes",
  "",
  "CPU milliseconds per request spent by each part (user + system time read from /proc before and after each row), and how busy",
  "the machine's cores were altogether. The servers' share is the API pipeline (on the adapter; on Next with API_ADAPTER=0) and our code; PostgreSQL's is the queries",
  "and, for ACH, the commits; the load generator runs on the same cores.",
  "",
  "| row | servers ms/req | HAProxy ms/req | PostgreSQL ms/req | load generator ms/req | cores busy |",
  "|---|---|---|---|---|---|",
  cpuRow("GET /v1/accounts/{n}, 1 server", results[1].read),
  cpuRow("GET /v1/accounts/{n}, 2 servers", results[2].read),
  cpuRow("POST /v1/payments/ach-local, 1 server", results[1].ach),
  cpuRow("POST /v1/payments/ach-local, 2 servers", results[2].ach),
  "",
  "What the ratio can show here: with 2 cores, one server already keeps the machine close to busy once PostgreSQL, HAProxy and the",
  "load generator take their share, so a second Node process can only add the CPU the first left idle (one process runs its",
  "JavaScript on one core). The ratio shows the cost of the balancer hop and that two servers on one database do not slow each",
  "other; it is not a measure of how far more cores would scale. The per-request CPU above is what would: the servers' share is",
  "the part a second machine takes off this one.",
  "",
  "## Rolling restart under load",
  "",
  ...(rolling ? rollingLines(rolling) : ["Not run in this run (BENCH_CLUSTER_ROLLING=0).", ""]),
];
writeFileSync(OUT, lines.join("\n"));
console.log(lines.join("\n"));
