// Cluster benchmark (docs/benchmarks-cluster.md), run by scripts/bench.mjs: the same load generator
// through HAProxy against `npm run cluster` with 1 and with 2 servers, then a rolling restart
// (SIGHUP) of 2 servers under load. Starts its own clusters on ports 3210-3212 (BENCH_CLUSTER_PORT)
// on one embedded database. Figures are reported, not asserted.
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { stopEmbeddedPostgres } from "./embedded-pg.mjs";

const PORT = Number(process.env.BENCH_CLUSTER_PORT ?? 3210);
const DATA_DIR = ".data/bench-cluster";
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const CONNECTIONS = 50;
const OUT = process.env.BENCH_CLUSTER_OUT ?? "docs/benchmarks-cluster.md";
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
    },
    stdio: "ignore",
  });
  for (let i = 1; i <= size; i++) await ready(`http://127.0.0.1:${PORT + i}/readyz`);
  await ready(`${BASE}/readyz`);
  await sleep(2500); // the balancer's rise 2
  return child;
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

async function measure(auth) {
  const read = await run({ url: `${BASE}/v1/accounts/1000123456`, headers: { authorization: auth } });
  // A fresh Idempotency-Key per request: each one creates a payment (no replays).
  const headers = { authorization: auth, "content-type": "application/json" };
  const ach = await run({
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

await stopEmbeddedPostgres(DATA_DIR);
rmSync(DATA_DIR, { recursive: true, force: true });
const results = {};
for (const size of [1, 2]) {
  const cluster = await startCluster(size);
  const auth = `Bearer ${await token()}`;
  results[size] = await measure(auth);
  if (size === 2) {
    // Rolling restart under the read load: SIGHUP restarts the servers one at a time.
    const load = run({ url: `${BASE}/v1/accounts/1000123456`, headers: { authorization: auth }, duration: 40 });
    await sleep(2000);
    cluster.kill("SIGHUP");
    results.rolling = await load;
  }
  await stopCluster(cluster);
}

const ratio = (k) => (results[2][k].requests.average / results[1][k].requests.average).toFixed(2);
const lines = [
  "# Cluster benchmark (scripts/bench-cluster.mjs, one run of `npm run bench`)",
  "",
  `Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), shared by the load generator, HAProxy, the servers and PostgreSQL. ${CONNECTIONS} connections, ${DURATION_S} s per row, through HAProxy.`,
  "",
  "| row | req/s | p50 ms | p99 ms | answers |",
  "|---|---|---|---|---|",
  row("GET /v1/accounts/{n}, 1 server", results[1].read),
  row("GET /v1/accounts/{n}, 2 servers", results[2].read),
  row("POST /v1/payments/ach-local (keyed), 1 server", results[1].ach),
  row("POST /v1/payments/ach-local (keyed), 2 servers", results[2].ach),
  row("GET /v1/accounts/{n}, 2 servers, 40 s with a rolling restart (SIGHUP) inside", results.rolling),
  "",
  `Ratio 2 servers / 1 server: reads ${ratio("read")}, ACH creation ${ratio("ach")}. On 2 cores a second Node process can at best add the`,
  "CPU the first one left idle (one process is single-threaded for JavaScript); PostgreSQL, HAProxy and the load generator take the",
  "rest, so this ratio shows the cost of the balancer hop and that a second server does not slow the first, not how far more cores scale.",
  "The rolling-restart row counts failures without any retry (autocannon does not retry); the rolling-restart test",
  "(e2e/cluster/rolling-restart.spec.ts) retries with the same key and loses nothing.",
  "",
];
writeFileSync(OUT, lines.join("\n"));
console.log(lines.join("\n"));
