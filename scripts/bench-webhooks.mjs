// Webhook delivery benchmark (docs/benchmarks-webhooks.md). Called by
// scripts/bench.mjs with BENCH_BASE_URL: a running production build in uat
// (the sandbox deposit endpoint raises the events), RATE_LIMIT_MAX raised,
// private networks allowed (the uat default) so local receivers are reachable.
// The server's in-process worker does the delivering; this script only
// raises deposits and receives on 127.0.0.1. Figures are reported, not asserted.
//
//   1. latency: deposits paced at BENCH_WEBHOOK_PACE/s to one subscription;
//      time from sending the deposit request (an upper bound on its commit)
//      to receipt, p50/p99.
//   2. throughput: SUBS subscriptions on a healthy receiver, DEPOSITS deposits
//      as fast as the API takes them: deliveries per second at that receiver.
//   3. the same, with the HANG_SUBS subscriptions of a second receiver that
//      (in 2) answers at once and (in 3) holds every request for 10 s.
//   4. a receiver that is slow but healthy (answers 200 after SLOW_MS, 1.5 s):
//      deposits at SLOW_PER_MIN a minute, deposit to receipt p50/p99; then a
//      backlog of BACKLOG deposits at once to a fresh one: deliveries a minute
//      against its share of slots (lib/server/domain/delivery/origin-gate.ts).
import http from "node:http";
import { writeFileSync } from "node:fs";
import os from "node:os";
import { cpuSeconds } from "./bench-kit.mjs";
import { webhooksReport } from "./bench-webhooks-report.mjs";

const BASE = process.env.BENCH_BASE_URL;
if (!BASE) {
  console.error("BENCH_BASE_URL is required (a running production server in uat; see scripts/bench.mjs)");
  process.exit(2);
}
const CLIENT = process.env.BENCH_WEBHOOK_CLIENT ?? "globex:globex-uat-secret";
const ACCOUNT = process.env.BENCH_WEBHOOK_ACCOUNT ?? "3000456001";
const SUBS = Number(process.env.BENCH_WEBHOOK_SUBS ?? 10);
const DEPOSITS = Number(process.env.BENCH_WEBHOOK_DEPOSITS ?? 500);
const HANG_SUBS = Number(process.env.BENCH_WEBHOOK_HANG_SUBS ?? 2);
const LATENCY_DEPOSITS = Number(process.env.BENCH_WEBHOOK_LATENCY_DEPOSITS ?? 200);
const PACE = Number(process.env.BENCH_WEBHOOK_PACE ?? 20);
const SLOW_MS = Number(process.env.BENCH_WEBHOOK_SLOW_MS ?? 1500);
const SLOW_PER_MIN = Number(process.env.BENCH_WEBHOOK_SLOW_PER_MIN ?? 20);
const SLOW_DEPOSITS = Number(process.env.BENCH_WEBHOOK_SLOW_DEPOSITS ?? 40);
const BACKLOG = Number(process.env.BENCH_WEBHOOK_BACKLOG ?? 100);
/** A slow receiver's share of concurrent slots (SHARES.slow in lib/server/domain/delivery/origin-gate.ts). */
const SLOW_SLOTS = 2;
const OUT = process.env.BENCH_WEBHOOKS_OUT ?? "docs/benchmarks-webhooks.md";
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A receiver on 127.0.0.1 that records when each (subscription, transaction) arrived. */
async function receiver(holdMs = 0) {
  const arrivals = new Map();
  const load = { inFlight: 0, max: 0 };
  const server = http.createServer((req, res) => {
    load.inFlight += 1;
    load.max = Math.max(load.max, load.inFlight);
    res.once("close", () => (load.inFlight -= 1));
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const at = performance.now();
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString());
        const key = `${body.subscriptionId}:${body.transactionId}`;
        if (!arrivals.has(key)) arrivals.set(key, { at, transactionId: body.transactionId });
      } catch {
        // a body that is not a delivery is not counted
      }
      if (holdMs) setTimeout(() => res.writeHead(200).end(), holdMs).unref();
      else res.writeHead(200).end();
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return { url: (p) => `http://127.0.0.1:${server.address().port}${p}`, arrivals, load, close: () => (server.closeAllConnections(), server.close()) };
}

async function api(token, method, path, body) {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => ({}));
  if (res.status === 429) throw new Error("rate limited: start the server with RATE_LIMIT_MAX raised (scripts/bench.mjs does)");
  if (res.status === 404 && path.startsWith("/v1/sandbox")) throw new Error("the sandbox is uat only: start the server with APP_ENV=uat");
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function token() {
  const res = await fetch(`${BASE}/v1/oauth/token`, {
    method: "POST",
    headers: { authorization: `Basic ${Buffer.from(CLIENT).toString("base64")}`, "content-type": "application/x-www-form-urlencoded" },
    body: "grant_type=client_credentials",
  });
  if (!res.ok) throw new Error(`token: ${res.status} ${await res.text()}`);
  return (await res.json()).access_token;
}

/** Deactivates the client's active subscriptions so earlier runs add no deliveries. */
async function clearSubscriptions(t) {
  for (;;) {
    const list = await api(t, "GET", "/v1/notifications/subscriptions?pageSize=500");
    const active = list.data.filter((s) => s.isActive);
    if (active.length === 0) return;
    for (const s of active) await api(t, "DELETE", `/v1/notifications/subscriptions/${s.subscriptionId}`);
  }
}

async function subscribe(t, url) {
  return (await api(t, "POST", "/v1/notifications/subscriptions", { topic: "Deposits", callbackUrl: url })).subscriptionId;
}

function deposit(t) {
  return api(t, "POST", "/v1/sandbox/deposits", { accountNumber: ACCOUNT, amount: "0.01", currency: "USD", transactionType: "Bench" });
}

async function waitFor(predicate, timeoutMs) {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > timeoutMs) return false;
    await sleep(20);
  }
  return true;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function latencyPhase(t) {
  const rx = await receiver();
  await subscribe(t, rx.url("/bench/latency"));
  const sentAt = new Map();
  const pending = [];
  for (let i = 0; i < LATENCY_DEPOSITS; i++) {
    const start = performance.now();
    pending.push(deposit(t).then((d) => sentAt.set(d.transactionId, start)));
    await sleep(1000 / PACE);
  }
  await Promise.all(pending);
  await waitFor(() => rx.arrivals.size >= LATENCY_DEPOSITS, 60_000);
  const latencies = [...rx.arrivals.values()].map((a) => a.at - sentAt.get(a.transactionId)).sort((a, b) => a - b);
  rx.close();
  await clearSubscriptions(t);
  return { count: latencies.length, p50: Math.round(percentile(latencies, 50)), p99: Math.round(percentile(latencies, 99)), max: Math.round(latencies.at(-1)) };
}

/** A receiver answering 200 after SLOW_MS, fed SLOW_PER_MIN deposits a minute: deposit request sent → receipt. */
async function slowPacedPhase(t) {
  const rx = await receiver(SLOW_MS);
  await subscribe(t, rx.url("/bench/erp-paced"));
  const sentAt = new Map();
  const pending = [];
  for (let i = 0; i < SLOW_DEPOSITS; i++) {
    const start = performance.now();
    pending.push(deposit(t).then((d) => sentAt.set(d.transactionId, start)));
    await sleep(60_000 / SLOW_PER_MIN);
  }
  await Promise.all(pending);
  const complete = await waitFor(() => rx.arrivals.size >= SLOW_DEPOSITS, 120_000);
  const latencies = [...rx.arrivals.values()].map((a) => a.at - sentAt.get(a.transactionId)).sort((a, b) => a - b);
  rx.close();
  await clearSubscriptions(t);
  return {
    count: latencies.length,
    complete,
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    max: Math.round(latencies.at(-1)),
  };
}

/** BACKLOG deposits at once for a fresh SLOW_MS receiver: how many deliveries a minute it gets, and how many at once. */
async function slowBacklogPhase(t) {
  const rx = await receiver(SLOW_MS);
  await subscribe(t, rx.url("/bench/erp-backlog"));
  const started = performance.now();
  let next = 0;
  await Promise.all(
    [...Array(8)].map(async () => {
      while (next < BACKLOG) {
        next += 1;
        await deposit(t);
      }
    }),
  );
  const queuedS = (performance.now() - started) / 1000;
  const complete = await waitFor(() => rx.arrivals.size >= BACKLOG, BACKLOG * SLOW_MS + 120_000);
  const times = [...rx.arrivals.values()].map((a) => a.at).sort((a, b) => a - b);
  // The rate over the backlog's whole drain, from the first receipt to the last.
  const drainMin = (times.at(-1) - times[0]) / 60_000;
  const result = {
    deliveries: times.length,
    complete,
    queuedS: Number(queuedS.toFixed(1)),
    minutes: Number(((times.at(-1) - started) / 60_000).toFixed(2)),
    perMinute: Math.round((times.length - 1) / drainMin),
    share: Math.round((SLOW_SLOTS * 60_000) / SLOW_MS),
    maxAtOnce: rx.load.max,
  };
  rx.close();
  await clearSubscriptions(t);
  return result;
}

/** DEPOSITS deposits through 16 concurrent callers; SUBS subscriptions on the measured receiver, HANG_SUBS on a second one. */
async function throughputPhase(t, hang) {
  const healthy = await receiver();
  // The same fan-out in both runs: the second receiver either answers at once or hangs 10 s,
  // so the comparison isolates the hang, not the extra deliveries.
  const second = await receiver(hang ? 10_000 : 0);
  for (let i = 0; i < SUBS; i++) await subscribe(t, healthy.url(`/bench/healthy/${i}`));
  for (let i = 0; i < HANG_SUBS; i++) await subscribe(t, second.url(`/bench/second/${i}`));
  const expected = SUBS * DEPOSITS;
  // The CPU the server and its PostgreSQL spend per delivery (deposits, fan-out, attempts), when the server's pid is known.
  const parts = { serverPid: Number(process.env.BENCH_SERVER_PID), dataDir: process.env.BENCH_DATA_DIR ?? ".data/bench" };
  const cpuBefore = cpuSeconds(parts);
  const started = performance.now();
  let next = 0;
  await Promise.all(
    [...Array(16)].map(async () => {
      while (next < DEPOSITS) {
        next += 1;
        await deposit(t);
      }
    }),
  );
  const depositsDone = performance.now();
  const complete = await waitFor(() => healthy.arrivals.size >= expected, 120_000);
  const times = [...healthy.arrivals.values()].map((a) => a.at).sort((a, b) => a - b);
  const elapsedS = (times.at(-1) - started) / 1000;
  const cpuAfter = cpuSeconds(parts);
  const deliveries = healthy.arrivals.size + second.arrivals.size;
  const perDelivery = (part) => Number(((1000 * (cpuAfter[part] - cpuBefore[part])) / Math.max(1, deliveries)).toFixed(2));
  const result = {
    deliveries: healthy.arrivals.size,
    expected,
    complete,
    seconds: Number(elapsedS.toFixed(2)),
    perSecond: Math.round(healthy.arrivals.size / elapsedS),
    depositsPerSecond: Math.round(DEPOSITS / ((depositsDone - started) / 1000)),
    secondReceived: second.arrivals.size,
    cpuMsPerDelivery: { server: perDelivery("server"), postgres: perDelivery("postgres") },
  };
  healthy.close();
  second.close();
  await clearSubscriptions(t);
  return result;
}

const ROUNDS = Number(process.env.BENCH_WEBHOOK_ROUNDS ?? 3);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const loadBefore = os.loadavg()[0];
const t = await token();
await clearSubscriptions(t);
const latency = await latencyPhase(t);
console.log(JSON.stringify({ phase: "latency", ...latency }));
// Alternating rounds: on a shared machine a single pair of runs is too noisy to compare.
const rounds = [];
for (let round = 1; round <= ROUNDS; round++) {
  const a = await throughputPhase(t, false);
  console.log(JSON.stringify({ phase: "throughput", round, ...a }));
  const h = await throughputPhase(t, true);
  console.log(JSON.stringify({ phase: "throughput-with-hanging-receiver", round, ...h }));
  rounds.push({ alone: a, withHang: h });
}
const pick = (key) => {
  const runs = rounds.map((r) => r[key]);
  const rate = median(runs.map((r) => r.perSecond));
  return { ...runs.find((r) => r.perSecond === rate), complete: runs.every((r) => r.complete) };
};
const slowPaced = await slowPacedPhase(t);
console.log(JSON.stringify({ phase: "slow-receiver-paced", ...slowPaced }));
const slowBacklog = await slowBacklogPhase(t);
console.log(JSON.stringify({ phase: "slow-receiver-backlog", ...slowBacklog }));
const loadAfter = os.loadavg()[0];
const alone = pick("alone");
const withHang = pick("withHang");
const drop = Math.max(0, 1 - withHang.perSecond / alone.perSecond);
const doc = webhooksReport({
  settings: { CLIENT, SUBS, DEPOSITS, HANG_SUBS, ROUNDS, PACE, SLOW_MS, SLOW_PER_MIN, BACKLOG, SLOW_SLOTS },
  load: { before: loadBefore, after: loadAfter },
  figures: { latency, alone, withHang, drop, rounds, slowPaced, slowBacklog },
});
writeFileSync(OUT, doc);
console.log(`wrote ${OUT}`);
process.exit(0);
