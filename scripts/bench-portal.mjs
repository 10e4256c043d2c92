// Portal benchmark (docs/benchmarks-portal.md): first-load JS of the home,
// accounts and webhooks pages, time to a populated accounts table, and the reconciliation
// export of 1000 accounts, in headless Chromium against a production build.
// Self-contained: its own server on a throwaway DATA_DIR with a "bench" client
// holding 1000 accounts (never the demo data), read by a treasurer. The webhooks
// pages are an administrator's: the uat demo admin (its published authenticator
// key, README) with one subscription added.
// Prints the figures as JSON. NEXT_DIST_DIR picks the build, as for next itself.
// Targets: first-load JS < 200 kB gzip; table populated < 1 s; export < 3 s.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes, randomUUID, scryptSync } from "node:crypto";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { gzipSync } from "node:zlib";
import pg from "pg";
import { chromium } from "@playwright/test";
import { generate } from "otplib";
import { stopEmbeddedPostgres } from "./embedded-pg.mjs";

const PORT = Number(process.env.BENCH_PORTAL_PORT ?? 3320);
const DATA_DIR = process.env.BENCH_PORTAL_DATA_DIR ?? ".data/bench-portal";
const BASE = `http://127.0.0.1:${PORT}`;
const OUT = process.env.BENCH_PORTAL_OUT ?? "docs/benchmarks-portal.md";
const ACCOUNTS = 1000;
const RUNS = 5;
const USER = { email: "bench@bench.test", password: "bench-password" };
const TARGETS = { firstLoadKbGzip: 200, tablePopulatedMs: 1000, export1000Ms: 3000 };
const DIST_DIR = process.env.NEXT_DIST_DIR ?? ".next";
const SUBSCRIPTION = { id: "6b3c1f0e-0d1a-4a52-9b8e-2f4f0c5e7a10", url: "http://127.0.0.1:9/bench-hook" };
/** Administrators sign in with a code (docs/security.md); the uat demo admin's authenticator key is published. */
const ADMIN = { email: "admin@acme.test", password: "demo-password", totpSecret: "73GGHHVUQ5SO2IPFLQ3CPCPGMOPWAT2V" };
/** Pages weighed for first-load JS, each loaded until `ready` shows its data. */
const FIRST_LOAD_PAGES = [
  { key: "dashboard", path: "/dashboard", ready: "text=Available in", as: "treasurer" },
  { key: "accounts", path: "/accounts", ready: "tbody tr a[href^='/accounts/']", as: "treasurer" },
  { key: "webhooks", path: "/webhooks", ready: `text=${SUBSCRIPTION.url}`, as: "admin" },
  { key: "deliveryLog", path: `/webhooks/subscriptions/${SUBSCRIPTION.id}`, ready: "text=No deliveries yet", as: "admin" },
  { key: "webhookSigning", path: "/webhooks/signing", ready: "text=Public keys (JWKS)", as: "admin" },
  { key: "webhookSandbox", path: "/webhooks/sandbox", ready: "text=To account", as: "admin" },
];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function waitHealthy(timeoutMs = 90_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return;
    } catch {
      // not listening yet: try again
    }
    await sleep(100);
  }
  throw new Error(`${BASE} not healthy`);
}

/** Same format as lib/server/domain/auth/password.ts (scrypt, parameters in the string). */
function hashPassword(secret) {
  const salt = randomBytes(16);
  const key = scryptSync(secret, salt, 32, { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return `scrypt$16384$8$1$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

/** A client with 1000 accounts (varied currency, status and owners) and one treasurer, written straight to the bench database. */
async function seedBenchClient() {
  const { port, password } = JSON.parse(readFileSync(`${DATA_DIR}/embedded-pg.json`, "utf8"));
  const db = new pg.Client({ connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/harbour` });
  await db.connect();
  try {
    await db.query("BEGIN");
    const { rows } = await db.query("SELECT permissions FROM clients WHERE client_id = 'acme'");
    await db.query(
      `INSERT INTO clients (client_id, name, cif, secret_hash, permissions, signing_mode) VALUES ('bench', 'Bench Holdings Ltd.', '900900900', $1, $2, 'hmac')`,
      [hashPassword("bench-secret"), rows[0].permissions],
    );
    await db.query(
      `INSERT INTO accounts (client_id, account_id, account_number, cif, currency, status, account_type, account_sub_type, nickname,
         opening_date, available_minor, owners, routings, attributes, created_at)
       SELECT 'bench', 'ACC-B' || n, (5000000000 + n)::text, '900900900', CASE WHEN n % 3 = 0 THEN 'BMD' ELSE 'USD' END,
              CASE WHEN n % 50 = 0 THEN 'INACTIVE' ELSE 'Active' END, 'Corporate', 'CORP-CHK', 'Bench account ' || n,
              now() - make_interval(days => n), (n * 104729) % 100000000,
              CASE WHEN n % 7 = 0 THEN '[{"displayName":"Bench Holdings Ltd.","accountHolderType":"Primary"},{"displayName":"J. Doe","accountHolderType":"Joint"}]'::jsonb
                   ELSE '[{"displayName":"Bench Holdings Ltd.","accountHolderType":"Primary"}]'::jsonb END,
              jsonb_build_array(jsonb_build_object('scheme', 'AccountNumber', 'address', (5000000000 + n)::text)),
              '[{"name":"BANK_ID","value":"HARBOUR"},{"name":"CREDIT_INTEREST_RATE","value":0.1}]'::jsonb,
              now() - make_interval(secs => n)
         FROM generate_series(1, $1) AS n`,
      [ACCOUNTS],
    );
    await db.query(
      `INSERT INTO users (user_id, email, display_name, password_hash, role, client_id) VALUES ($1, $2, 'Bench Treasurer', $3, 'treasurer', 'bench')`,
      [randomUUID(), USER.email, hashPassword(USER.password)],
    );
    await db.query(`INSERT INTO webhook_subscriptions (client_id, subscription_id, topic, webhook_url) VALUES ('acme', $1, 'Deposits', $2)`, [
      SUBSCRIPTION.id,
      SUBSCRIPTION.url,
    ]);
    await db.query("COMMIT");
  } finally {
    await db.end();
  }
}

async function signIn(context, { email, password, totpSecret } = USER) {
  const { csrfToken } = await (await context.request.get(`${BASE}/api/auth/csrf`)).json();
  const code = totpSecret ? await generate({ secret: totpSecret }) : undefined;
  const res = await context.request.post(`${BASE}/api/auth/callback/credentials`, {
    form: { csrfToken, email, password, ...(code ? { code } : {}), json: "true" },
  });
  if (!res.ok()) throw new Error(`sign-in of ${email} failed: ${res.status()} ${await res.text()}`);
}

/** Every script the page loads on a cold cache, each gzipped as the server would send it. */
async function firstLoadJs(browser, storageState, path, ready) {
  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  const scripts = new Map();
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    try {
      scripts.set(response.url(), gzipSync(await response.body()).length);
    } catch {
      // a response without a body (a redirect, an aborted load) has nothing to weigh
    }
  });
  await page.goto(`${BASE}${path}`, { waitUntil: "networkidle" });
  await page.locator(ready).first().waitFor();
  await context.close();
  const bytes = [...scripts.values()].reduce((a, b) => a + b, 0);
  return { kb: Math.round(bytes / 102.4) / 10, files: scripts.size };
}

/** Navigation start to the first account row in the DOM, read from the page's own clock. */
async function tablePopulatedMs(page) {
  await page.goto(`${BASE}/dashboard`);
  await page.locator("text=Available in").first().waitFor();
  await page.goto(`${BASE}/accounts`);
  await page.locator("tbody tr a[href^='/accounts/']").first().waitFor();
  return page.evaluate(() => window.__rowsAt ?? NaN);
}

async function exportMs(page) {
  await page.goto(`${BASE}/accounts`);
  await page.locator("tbody tr a[href^='/accounts/']").first().waitFor();
  const started = Date.now();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download reconciliation CSV" }).click()]);
  const ms = Date.now() - started;
  const rows =
    readFileSync(await download.path(), "utf8")
      .trim()
      .split("\r\n").length - 1;
  if (rows !== ACCOUNTS) throw new Error(`export had ${rows} rows, expected ${ACCOUNTS}`);
  return ms;
}

function writeReport(result) {
  const ok = (value, target) => (value <= target ? "yes" : "**no**");
  const lines = [
    "# Portal benchmarks",
    "",
    "Written by `node scripts/bench-portal.mjs` (also run from `npm run bench`). Headless Debian Chromium against a",
    `production build on localhost, fresh DATA_DIR, a \`bench\` client with ${ACCOUNTS} accounts. Medians of ${RUNS} runs.`,
    "",
    `Machine: ${result.machine}. Run: ${result.at}.`,
    "",
    "| measure | value | target | met |",
    "|---|---|---|---|",
    ...FIRST_LOAD_PAGES.map(({ key, path }) => {
      const { kb, files } = result.firstLoadJs[key];
      return `| first-load JS, ${path.replace(SUBSCRIPTION.id, "{id}")} (gzip) | ${kb} kB in ${files} files | < ${TARGETS.firstLoadKbGzip} kB | ${ok(kb, TARGETS.firstLoadKbGzip)} |`;
    }),
    `| navigation to populated accounts table | ${result.tablePopulatedMs.median} ms (max ${result.tablePopulatedMs.max}) | < ${TARGETS.tablePopulatedMs} ms | ${ok(result.tablePopulatedMs.max, TARGETS.tablePopulatedMs)} |`,
    `| reconciliation export, ${ACCOUNTS} accounts | ${result.export1000Ms.median} ms (max ${result.export1000Ms.max}) | < ${TARGETS.export1000Ms} ms | ${ok(result.export1000Ms.max, TARGETS.export1000Ms)} |`,
    "",
    "How each is measured:",
    "",
    "- First-load JS: every `script` response of a cold page load (new browser context, signed in), each body gzipped",
    "  with zlib defaults and summed. Includes the framework, React and the page's own chunks. Each page is weighed once",
    "  its data shows: the accounts pages as the bench client's treasurer, the webhooks pages (administrators only) as",
    "  the uat demo admin with one subscription and no deliveries yet.",
    "- Table populated: a full page load of /accounts (signed in, HTTP cache warm from the dashboard), measured on the",
    "  page's own clock: `performance.now()` (time since navigation start) when the first account row enters the DOM.",
    "  It covers the HTML, the scripts, the token mint (/api/portal/token) and the /v1/accounts call.",
    '- Export: click on "Download reconciliation CSV" to the browser\'s download event; one API page of 1000,',
    "  papaparse, Blob. The file is checked to hold 1000 rows.",
    "",
    "```json",
    JSON.stringify(result, null, 2),
    "```",
    "",
  ];
  writeFileSync(OUT, lines.join("\n"));
}

if (!existsSync(`${DIST_DIR}/BUILD_ID`)) {
  const build = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await stopEmbeddedPostgres(DATA_DIR);
rmSync(DATA_DIR, { recursive: true, force: true });
const server = spawn(process.execPath, ["scripts/server.mjs"], {
  env: { ...process.env, PORT: String(PORT), DATA_DIR, APP_ENV: "uat", RATE_LIMIT_MAX: "100000000", NODE_ENV: "production", NEXTAUTH_URL: BASE },
  stdio: "ignore",
  detached: true,
});
let browser;
try {
  await waitHealthy();
  await seedBenchClient();
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  const signedIn = async (user) => {
    const login = await browser.newContext();
    await signIn(login, user);
    const state = await login.storageState();
    await login.close();
    return state;
  };
  const storageState = await signedIn(USER);
  const states = { treasurer: storageState, admin: await signedIn(ADMIN) };

  const firstLoad = {};
  for (const { key, path, ready, as } of FIRST_LOAD_PAGES) firstLoad[key] = await firstLoadJs(browser, states[as], path, ready);

  const context = await browser.newContext({ storageState, acceptDownloads: true });
  // Records when the first account row appears, on the page's clock (ms since navigation start).
  await context.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.querySelector("tbody tr a[href^='/accounts/']")) {
        window.__rowsAt = Math.round(performance.now());
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  const table = [];
  const exports = [];
  for (let i = 0; i < RUNS; i += 1) table.push(await tablePopulatedMs(page));
  for (let i = 0; i < RUNS; i += 1) exports.push(await exportMs(page));

  const result = {
    at: new Date().toISOString(),
    // The load average says whether the timings are the portal's or a shared machine's.
    machine: `${os.cpus()[0]?.model ?? "cpu"} x${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" / ")}`,
    firstLoadJs: firstLoad,
    tablePopulatedMs: { median: median(table), max: Math.max(...table), runs: table },
    export1000Ms: { median: median(exports), max: Math.max(...exports), runs: exports },
    targets: TARGETS,
  };
  console.log(JSON.stringify(result, null, 2));
  writeReport(result);
} finally {
  await browser?.close();
  const exited = new Promise((r) => server.once("exit", r));
  try {
    process.kill(-server.pid, "SIGTERM");
    await exited;
  } catch {
    // already gone
  }
  await stopEmbeddedPostgres(DATA_DIR);
  rmSync(DATA_DIR, { recursive: true, force: true });
}
