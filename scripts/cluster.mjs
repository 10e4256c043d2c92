// `npm run cluster` (decisions §10): CLUSTER_SIZE servers (default 2) on the PostgreSQL of
// DATABASE_URL behind HAProxy listening on PORT (default 3000), health-checked on /readyz.
// Every other setting of `npm start` passes through to the servers. SIGTERM (or SIGINT)
// stops everything this started; SIGHUP restarts the servers one at a time (a release).
// A server that dies is started again. docs/cluster.md, Several servers.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureDebianPackage } from "./debian-package.mjs";
import { stopEmbeddedPostgres } from "./embedded-pg.mjs";
import { haproxyConfig } from "./haproxy-config.mjs";
import { SERVER_NODE_FLAGS } from "./server-flags.mjs";

process.env.NEXT_TELEMETRY_DISABLED ??= "1";
const HAPROXY = "/usr/sbin/haproxy";

function fail(message) {
  console.error(`cluster: ${message}`);
  process.exit(2);
}

function wholeNumber(name, fallback, min, max) {
  const raw = process.env[name];
  const value = raw === undefined || raw === "" ? fallback : Number(raw);
  if (!Number.isSafeInteger(value) || value < min || value > max) fail(`${name} must be a whole number from ${min} to ${max}, got ${raw}`);
  return value;
}

const size = wholeNumber("CLUSTER_SIZE", 2, 1, 16);
const port = wholeNumber("PORT", 3000, 1, 65535);
// The servers listen on loopback only (their /metrics is the private port); by default the next ports after PORT.
const basePort = wholeNumber("CLUSTER_SERVER_PORT", port + 1, 1, 65535 - size);
const graceMs = wholeNumber("SHUTDOWN_GRACE_MS", 10_000, 0, 600_000);
const host = process.env.HOSTNAME || "0.0.0.0";
const dataDir = process.env.DATA_DIR || "./.data";
const distDir = process.env.NEXT_DIST_DIR || ".next";

if (!ensureDebianPackage(HAPROXY, "haproxy")) fail("HAProxy is missing: install it with `sudo apt-get install -y haproxy`.");

if (!existsSync(`${distDir}/BUILD_ID`)) {
  console.log("cluster: no production build found: running `next build` once for every server.");
  const build = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Without DATABASE_URL the cluster owns one embedded PostgreSQL that every server shares.
const ownsEmbedded = !process.env.DATABASE_URL;
let databaseUrl = process.env.DATABASE_URL;
if (ownsEmbedded) {
  const started = spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", "scripts/embedded-url.ts"], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (started.status !== 0 || !started.stdout.startsWith("postgres")) fail("could not start the embedded PostgreSQL");
  databaseUrl = started.stdout.trim();
}

const servers = Array.from({ length: size }, (_, i) => ({ name: `s${i + 1}`, port: basePort + i, child: null, exited: null }));
let stopping = false;

function startServer(server) {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "scripts/server.mjs"], {
    stdio: "inherit",
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(server.port),
      HOSTNAME: "127.0.0.1",
      // Their only client is the balancer, which sets X-Forwarded-For (scripts/haproxy-config.mjs).
      TRUST_PROXY: "1",
      // The balancer is one trusted hop; a proxy of yours in front of it (TRUST_PROXY=1 here) is a second.
      TRUST_PROXY_HOPS: process.env.TRUST_PROXY === "1" ? "2" : "1",
      INSTANCE_NAME: server.name,
    },
  });
  server.child = child;
  writeState();
  server.exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  server.exited.then(({ code, signal }) => {
    if (stopping || server.child !== child || server.restarting) return;
    console.error(`cluster: server ${server.name} exited (${signal ?? code}); starting it again`);
    setTimeout(() => !stopping && startServer(server), 500);
  });
}

/** CLUSTER_STATE_FILE, when set, names each server's port and pid (tests stop or kill one). */
function writeState() {
  const file = process.env.CLUSTER_STATE_FILE;
  if (!file) return;
  const state = { balancer: { host, port }, servers: servers.map((s) => ({ name: s.name, port: s.port, pid: s.child?.pid ?? null })) };
  // Whole or not at all: a test may read it at any moment.
  writeFileSync(`${file}.tmp`, JSON.stringify(state));
  renameSync(`${file}.tmp`, file);
}

async function readyz(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

/** One server at a time: stop it gracefully, start it, wait until it is ready, then the next. */
async function rollingRestart() {
  for (const server of servers) {
    if (stopping) return;
    server.restarting = true;
    server.child?.kill("SIGTERM");
    await server.exited;
    server.restarting = false;
    if (stopping) return;
    startServer(server);
    if (!(await readyz(`http://127.0.0.1:${server.port}/readyz`, 120_000))) console.error(`cluster: ${server.name} did not become ready`);
    // Let the balancer's checks see it up (rise 2 at 1 s) before the next one goes down.
    await new Promise((r) => setTimeout(r, 2500));
  }
  console.log("cluster: rolling restart done");
}

const configDir = mkdtempSync(path.join(tmpdir(), "harbour-haproxy-"));
const configFile = path.join(configDir, "haproxy.cfg");
writeFileSync(configFile, haproxyConfig({ host, port, servers, trustProxy: process.env.TRUST_PROXY === "1", timeoutServerS: 65 }), { mode: 0o600 });

for (const server of servers) startServer(server);
const balancer = spawn(HAPROXY, ["-f", configFile, "-db"], { stdio: "inherit" });
balancer.once("exit", (code, signal) => {
  if (!stopping) {
    console.error(`cluster: HAProxy exited (${signal ?? code}); stopping`);
    void stop(1);
  }
});
console.log(`cluster: ${size} server(s) on 127.0.0.1:${basePort}-${basePort + size - 1} behind HAProxy on ${host}:${port}`);

async function stop(exitCode) {
  if (stopping) return;
  stopping = true;
  console.log("cluster: stopping");
  await Promise.all(
    servers.map(async (server) => {
      server.child?.kill("SIGTERM");
      const exited = await Promise.race([server.exited, new Promise((r) => setTimeout(() => r(null), graceMs + 5000))]);
      if (!exited) server.child?.kill("SIGKILL");
    }),
  );
  balancer.kill("SIGTERM");
  if (ownsEmbedded) await stopEmbeddedPostgres(dataDir);
  rmSync(configDir, { recursive: true, force: true });
  process.exit(exitCode);
}

process.on("SIGTERM", () => void stop(0));
process.on("SIGINT", () => void stop(0));
process.on("SIGHUP", () => void rollingRestart());
