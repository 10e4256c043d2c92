// The cluster step of `npm test` (docs/cluster.md, Tests): `npm run cluster` with 2 servers
// on a fresh embedded database, the API e2e and cluster specs through its HAProxy, then a
// search of everything the cluster logged for the demo secrets and any bearer token.
import { spawn, spawnSync } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { stopEmbeddedPostgres } from "./embedded-pg.mjs";
import { logProblem, scanLog } from "./log-secrets.mjs";

const port = Number(process.env.CLUSTER_E2E_PORT ?? 3160);
const dataDir = path.resolve(process.env.CLUSTER_E2E_DATA_DIR ?? ".data/cluster-e2e");
const reports = path.resolve(process.env.REPORTS_DIR ?? ".data/test-reports");
const stateFile = path.join(dataDir, "cluster.json");
const logFile = path.join(reports, "cluster.log");
const baseUrl = `http://127.0.0.1:${port}`;

await stopEmbeddedPostgres(dataDir);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
mkdirSync(reports, { recursive: true });

// The cluster writes straight into the file: this process blocks in spawnSync while Playwright runs,
// and a pipe nobody reads would fill and stall every server's (synchronous) log writes.
const log = openSync(logFile, "w");
const cluster = spawn(process.execPath, ["scripts/cluster.mjs"], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    CLUSTER_STATE_FILE: stateFile,
    APP_ENV: "uat",
    RATE_LIMIT_MAX: "100000",
    WEBHOOK_RETRY_SCALE: "0.001",
    // Long enough for a release's requests, short enough that the restart specs stay quick.
    SHUTDOWN_GRACE_MS: "5000",
    NEXTAUTH_URL: baseUrl,
  },
  stdio: ["ignore", log, log],
});
const clusterExited = new Promise((resolve) => cluster.once("exit", resolve));

async function ready(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

let status = 1;
try {
  const servers = [port + 1, port + 2];
  const up = (await Promise.all(servers.map((p) => ready(`http://127.0.0.1:${p}/readyz`, 180_000)))).every(Boolean);
  if (!up || !(await ready(`${baseUrl}/readyz`, 30_000))) {
    console.error(`cluster did not become ready; see ${logFile}`);
  } else {
    status =
      spawnSync(process.execPath, ["node_modules/@playwright/test/cli.js", "test", "--config", "playwright.cluster.config.ts", ...process.argv.slice(2)], {
        stdio: "inherit",
        env: { ...process.env, CLUSTER_BASE_URL: baseUrl, CLUSTER_STATE_FILE: stateFile, CLUSTER_DATA_DIR: dataDir },
      }).status ?? 1;
  }
} finally {
  cluster.kill("SIGTERM");
  await clusterExited;
  closeSync(log);
}

// Nothing secret in the logs: the demo client secrets, the portal password, and no bearer token
// (a JWT) of any kind.
const scan = scanLog(readFileSync(logFile, "utf8"));
const problem = logProblem(logFile, scan);
if (problem) {
  console.error(problem);
  status = 1;
} else {
  console.log(`cluster log: ${scan.requestLines} request lines, no secret or token in them`);
}
process.exit(status);
