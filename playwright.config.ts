import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
/** Override to run two suites side by side; the directory is wiped at start. */
const DATA_DIR = process.env.E2E_DATA_DIR ?? ".data/e2e";
/** Everything the server logs in this run: e2e/global-teardown.ts searches it for secrets and tokens. */
export const SERVER_LOG = `${process.env.REPORTS_DIR ?? ".data/test-reports"}/e2e-server-${PORT}.log`;

/**
 * Browser and API end-to-end tests against a production build served by
 * scripts/server.mjs on a fresh embedded database. Chromium is Debian's
 * (/usr/bin/chromium): Playwright cannot download browsers here.
 */
export default defineConfig({
  testDir: "e2e",
  // A suite on another port (a second engineer, a side-by-side run) keeps its own artifacts: Playwright wipes this folder at start.
  outputDir: process.env.E2E_PORT ? `test-results-${PORT}` : "test-results",
  globalTeardown: "./e2e/global-teardown.ts",
  fullyParallel: false,
  workers: 1,
  timeout: 60_000,
  // A page's data may take a few seconds on a busy 2-core machine; a wrong page still fails, only later.
  expect: { timeout: 10_000 },
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [
    { name: "desktop", testIgnore: /phone\.spec\.ts$/ },
    // Every page at phone width (issue 11): 390×844, the size of a current iPhone, touch and a phone's scale.
    { name: "phone", testMatch: /phone\.spec\.ts$/, use: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } },
  ],
  webServer: {
    command: `mkdir -p "$(dirname ${SERVER_LOG})" && exec node scripts/e2e-server.mjs > ${SERVER_LOG} 2>&1`,
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(PORT), DATA_DIR, APP_ENV: "uat", RATE_LIMIT_MAX: "100000", NEXTAUTH_URL: `http://localhost:${PORT}` },
    stdout: "ignore",
    stderr: "pipe",
  },
});
