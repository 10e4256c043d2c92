// `npm test`: every test, in order of cost. Unit and integration tests (on the
// embedded PostgreSQL and, with TEST_DATABASE_URL, on that server too), then a
// production build and the Playwright suite in Debian's Chromium.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

// The machine has no internet: do not let Next try to send telemetry.
process.env.NEXT_TELEMETRY_DISABLED ??= "1";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const REPORTS = ".data/test-reports";

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    console.log("Chromium is missing: installing Debian's package (apt-get install -y chromium).");
    const env = { DEBIAN_FRONTEND: "noninteractive" };
    if (run("apt-get install chromium", "apt-get", ["install", "-y", "--no-install-recommends", "chromium"], env) !== 0) {
      run("apt-get update", "apt-get", ["update"], env);
      run("apt-get install chromium", "apt-get", ["install", "-y", "--no-install-recommends", "chromium"], env);
    }
  }
  if (!existsSync(CHROMIUM)) {
    console.error(
      `The browser tests need Debian's Chromium at ${CHROMIUM}. Install it with:\n  sudo apt-get install -y chromium\n` +
        "(or set CHROMIUM_PATH to another Chromium binary).",
    );
    process.exit(1);
  }
}

function counts(file, pick) {
  try {
    return pick(JSON.parse(readFileSync(file, "utf8")));
  } catch {
    return { passed: 0, failed: 1 };
  }
}

rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });
ensureChromium();

const node = process.execPath;
const vitestStatus = run("unit and integration tests (vitest)", node, [
  "node_modules/vitest/vitest.mjs", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${REPORTS}/vitest.json`,
]);
let buildStatus = run("production build", node, ["node_modules/next/dist/bin/next", "build"]);
let e2eStatus = 1;
if (buildStatus === 0) {
  e2eStatus = run("end-to-end tests (Playwright, Debian Chromium)", node, ["node_modules/@playwright/test/cli.js", "test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${REPORTS}/playwright.json`,
  });
}

const vitest = counts(`${REPORTS}/vitest.json`, (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests + (r.numFailedTestSuites ?? 0) }));
const e2e = buildStatus === 0
  ? counts(`${REPORTS}/playwright.json`, (r) => ({ passed: r.stats.expected, failed: r.stats.unexpected + r.stats.flaky }))
  : { passed: 0, failed: 1 };
const passed = vitest.passed + e2e.passed;
const failed = vitest.failed + e2e.failed + (buildStatus === 0 ? 0 : 1);
const ok = vitestStatus === 0 && buildStatus === 0 && e2eStatus === 0 && failed === 0;
console.log(`\nvitest: ${vitest.passed} passed, ${vitest.failed} failed; playwright: ${e2e.passed} passed, ${e2e.failed} failed`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
