// What every data benchmark needs: its own production server on a fresh embedded
// database (or the one scripts/bench.mjs already runs), a token, and latency
// figures from sequential requests or SQL. One home, so the scripts measure alike.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { stopEmbeddedPostgres } from "./embedded-pg.mjs";
import { SERVER_NODE_FLAGS } from "./server-flags.mjs";

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function waitHealthy(base, timeoutMs = 120_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return Date.now() - started;
    } catch {
      // not listening yet: try again
    }
    await sleep(50);
  }
  throw new Error(`${base} not healthy`);
}

/** The database behind the server: BENCH_DATABASE_URL, the running server's DATABASE_URL, or the embedded one in dataDir (null when there is none). */
export function databaseUrl(dataDir) {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  if (process.env.DATABASE_URL && process.env.BENCH_BASE_URL) return process.env.DATABASE_URL;
  const file = path.join(dataDir, "embedded-pg.json");
  if (!existsSync(file)) return null;
  const { port, password } = JSON.parse(readFileSync(file, "utf8"));
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/harbour`;
}

/**
 * A production server (the build in NEXT_DIST_DIR, made first when there is none) on a fresh embedded database in
 * dataDir; `env` adds to or overrides the server's environment (another build's NEXT_DIST_DIR, API_ADAPTER=0).
 */
export async function startOwnServer({ port, dataDir, env = {} }) {
  if (!existsSync(path.join(env.NEXT_DIST_DIR ?? process.env.NEXT_DIST_DIR ?? ".next", "BUILD_ID"))) {
    const build = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], { stdio: "inherit" });
    if (build.status !== 0) throw new Error("next build failed");
  }
  await stopEmbeddedPostgres(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "scripts/server.mjs"], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, APP_ENV: "uat", RATE_LIMIT_MAX: "100000000", NODE_ENV: "production", ...env },
    stdio: "ignore",
    detached: true,
  });
  const base = `http://127.0.0.1:${port}`;
  await waitHealthy(base);
  return {
    base,
    pid: child.pid,
    stop: async () => {
      const exited = new Promise((r) => child.once("exit", r));
      process.kill(-child.pid, "SIGTERM");
      await exited;
      await stopEmbeddedPostgres(dataDir);
    },
  };
}

/**
 * The server a benchmark measures: the one at BENCH_BASE_URL (scripts/bench.mjs runs it, on
 * BENCH_DATA_DIR or DATA_DIR), or its own on `port` and `dataDir`.
 */
export async function benchServer({ port, dataDir }) {
  const own = process.env.BENCH_BASE_URL ? null : await startOwnServer({ port, dataDir });
  return {
    own,
    base: (process.env.BENCH_BASE_URL ?? own.base).replace(/\/+$/, ""),
    dataDir: own ? dataDir : (process.env.BENCH_DATA_DIR ?? process.env.DATA_DIR ?? ".data/bench"),
  };
}

/** "Bearer …" for a demo client's uat credentials. */
export async function bearer(base, client = "acme") {
  const res = await fetch(`${base}/v1/oauth/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${client}:${client}-uat-secret`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
  if (!res.ok) throw new Error(`token ${client}: ${res.status} ${await res.text()}`);
  return `Bearer ${(await res.json()).access_token}`;
}

export function percentiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: at(0.5), p90: at(0.9), p99: at(0.99), min: sorted[0], max: sorted[sorted.length - 1] };
}

export const ms = (value) => (value === undefined || Number.isNaN(value) ? "n/a" : value.toFixed(1));

export async function getJson(url, auth) {
  const res = await fetch(url, { headers: { authorization: auth } });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** `samples` sequential requests from one connection, after 3 that warm caches and plans. */
export async function timeRequests(url, auth, samples) {
  const times = [];
  for (let i = 0; i < samples + 3; i++) {
    const started = performance.now();
    await getJson(url, auth);
    if (i >= 3) times.push(performance.now() - started);
  }
  return percentiles(times);
}

/** The same SQL run directly, a tenth as often (at least 5), after one warm-up. */
export async function timeSql(db, sql, params, samples) {
  const times = [];
  for (let i = 0; i < Math.max(5, Math.floor(samples / 10)) + 1; i++) {
    const started = performance.now();
    await db.query(sql, params);
    if (i >= 1) times.push(performance.now() - started);
  }
  return percentiles(times);
}

/** Walks to `page` with each response's token, as a client paging through does; returns the token that page came with. */
export async function tokenForPage(base, listPath, auth, page, pageSize) {
  let res = await getJson(`${base}${listPath}?pageSize=${pageSize}`, auth);
  for (let p = 2; p < page; p++) res = await getJson(`${base}${listPath}?pageStart=${p}&pageToken=${encodeURIComponent(res.meta.pagination.page_token)}`, auth);
  return res.meta.pagination.page_token;
}

/** [pid, ppid, comm, CPU ticks (user + system, 1/100 s)] of every process; gone or unreadable ones are skipped. */
export function processes() {
  const list = [];
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      list.push({ pid: Number(pid), ppid: Number(fields[1]), comm, ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // exited meanwhile
    }
  }
  return list;
}

/**
 * CPU seconds used so far by the server process `serverPid` (with its direct children) and by the embedded PostgreSQL of `dataDir` (its
 * postmaster and backends): read before and after a phase, the difference is what the phase cost each part.
 */
export function cpuSeconds({ serverPid, dataDir }) {
  let postmaster = -1;
  try {
    const { clusterDir } = JSON.parse(readFileSync(path.join(dataDir, "embedded-pg.json"), "utf8"));
    postmaster = Number(readFileSync(path.join(clusterDir, "postmaster.pid"), "utf8").split("\n")[0]);
  } catch {
    // an external database: its CPU is not on this machine's books
  }
  const cpu = { server: 0, postgres: 0 };
  for (const p of processes()) {
    if (p.pid === postmaster || p.ppid === postmaster) cpu.postgres += p.ticks / 100;
    // The server and its direct children (tsx runs a script in a child process).
    else if (p.pid === serverPid || p.ppid === serverPid) cpu.server += p.ticks / 100;
  }
  return cpu;
}
