import { defineConfig } from "@playwright/test";
import { BASE_URL, E2E_WORKERS, SERVERS } from "./e2e/fixtures/servers";
import { OWN_SERVER_SPECS } from "./playwright.servers.config";

/**
 * Browser and API end-to-end tests against production builds served by
 * scripts/server.mjs, each on a fresh embedded database. Chromium is Debian's
 * (/usr/bin/chromium): Playwright cannot download browsers here.
 *
 * E2E_WORKERS workers (2 by default; E2E_WORKERS=1 for one spec at a time), one server each
 * (e2e/fixtures/servers.ts): a spec file runs in one worker against that worker's server, so the
 * files on one server still run one after another, in file order. E2E_PORT and E2E_DATA_DIR
 * (the first server's port, the data dirs' prefix: each is wiped at start) move a whole suite
 * aside to run beside another.
 */
export default defineConfig({
  testDir: "e2e",
  // A suite on another port (a second engineer, a side-by-side run) keeps its own artifacts: Playwright wipes this folder at start.
  outputDir: process.env.E2E_PORT ? `test-results-${process.env.E2E_PORT}` : "test-results",
  globalTeardown: "./e2e/global-teardown.ts",
  fullyParallel: false,
  workers: E2E_WORKERS,
  // The CI machine has run the same suite at 2.5 times the CPU time of a quiet one (a noisy neighbour): the limits leave
  // room for that; a wrong page still fails, only later. Speed is measured in `npm run bench`, never here.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    // The config is loaded again in each worker, with its TEST_PARALLEL_INDEX set: its own server.
    baseURL: BASE_URL,
    screenshot: "only-on-failure",
    // Off unless asked for (E2E_TRACE=1, docs/testing.md): recording a trace for every test doubled the browser's CPU per
    // page (screencast frames encoded in the browser and GPU processes, measured there), and a failure still leaves its
    // screenshot and the page's aria snapshot (error-context.md).
    trace: process.env.E2E_TRACE === "1" ? "retain-on-failure" : "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [
    // The longest spec (the portal-quota walk, minutes) first, so one worker walks while the other takes the rest:
    // workers take spec files in the order of the projects, and a long one left to the end would run alone.
    { name: "desktop-walk", testMatch: /portal-quota\.spec\.ts$/ },
    // The specs that start servers of their own run in a config of their own (playwright.servers.config.ts).
    // A laptop's 1366×768, the desktop width issue 24 asks every page to be checked at (Playwright's default is 1280×720).
    { name: "desktop", testIgnore: [/phone\.spec\.ts$/, /portal-quota\.spec\.ts$/, ...OWN_SERVER_SPECS], use: { viewport: { width: 1366, height: 768 } } },
    // Every page at phone width (issue 11): 390×844, the size of a current iPhone, touch and a phone's scale.
    { name: "phone", testMatch: /phone\.spec\.ts$/, use: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } },
  ],
  // Each server's whole log: e2e/global-teardown.ts searches every one for secrets and tokens.
  webServer: SERVERS.map(({ port, dataDir, log }) => ({
    command: `mkdir -p "$(dirname ${log})" && exec node scripts/e2e-server.mjs > ${log} 2>&1`,
    url: `http://localhost:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: { PORT: String(port), DATA_DIR: dataDir, APP_ENV: "uat", RATE_LIMIT_MAX: "100000", NEXTAUTH_URL: `http://localhost:${port}` },
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    // A stop as the server's operators give it (scripts/server.mjs drains, then stops its embedded PostgreSQL): without
    // it Playwright kills the server and the database, detached by pg_ctl, kept running after the suite.
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 15_000 },
  })),
});
