// `npm test`: every test, in order of cost. The static checks (dependency rules, ESLint, Prettier, knip), unit
// and integration tests (on the embedded PostgreSQL and, with TEST_DATABASE_URL, on that server too) with a
// production build beside them (and its browser chunks checked for Node polyfills), the cluster specs and the API specs
// that start servers of their own beside the integration files once the build is there, then the Playwright suite in
// Debian's Chromium. A failing layer does not stop the later ones: one run shows everything
// that is wrong. The time of each layer is printed at the end (docs/testing.md).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism } from "node:os";
import { cpuGroup, GNU_TIME, loadSampler, machineCpuSampler } from "./test-measure.mjs";
import { stopEmbeddedPostgres } from "./embedded-pg.mjs";
import { counts, playwrightFailures, vitestFailures } from "./test-report.mjs";

// The machine has no internet: do not let Next try to send telemetry.
process.env.NEXT_TELEMETRY_DISABLED ??= "1";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const REPORTS = ".data/test-reports";

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

let stepNumber = 0;

/**
 * One step, [label, command, args, env?], resolving to { status, cpu }. `held`: its output is held back and printed
 * whole when it ends, so that a step beside another does not interleave with it; else it is shown as it comes.
 */
function runStep([label, command, args, env = {}], { held }) {
  const number = ++stepNumber;
  const group = cpuGroup(number);
  const cpuFile = `${REPORTS}/cpu-${number}.txt`;
  const [file, argv] = group
    ? // The shell joins the group before it becomes the command: everything the step starts is in it.
      ["/bin/sh", ["-c", 'echo $$ > "$0/cgroup.procs"; exec "$@"', group.dir, command, ...args]]
    : GNU_TIME
      ? [GNU_TIME, ["-f", "%U %S", "-o", cpuFile, command, ...args]]
      : [command, args];
  if (!held) console.log(`\n=== ${label} ===`);
  return new Promise((resolve) => {
    const output = [];
    const child = spawn(file, argv, { stdio: held ? ["ignore", "pipe", "pipe"] : "inherit", env: { ...process.env, ...env } });
    if (held) {
      child.stdout.on("data", (chunk) => output.push(chunk));
      child.stderr.on("data", (chunk) => output.push(chunk));
    }
    child.on("error", (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on("close", (status) => {
      if (held) {
        console.log(`\n=== ${label} ===`);
        process.stdout.write(Buffer.concat(output));
      }
      let cpu = Number.NaN;
      try {
        if (group) {
          cpu = group.usage();
          group.remove();
        } else {
          // GNU time's last line (a line before it says so when the command died of a signal).
          const [user, system] = readFileSync(cpuFile, "utf8").trim().split("\n").at(-1).split(" ").map(Number);
          cpu = user + system;
        }
      } catch {
        // Neither: wall time only.
      }
      resolve({ status: status ?? 1, cpu });
    });
  });
}

const runStarted = performance.now();
const runMachineCpu = machineCpuSampler();
const layers = [];
/**
 * Runs a layer: its queues at once (one queue unless the layer's tools are single-threaded), each queue's steps in
 * order; records its wall time (and when it started and ended within the run), CPU time and mean load. `held`: the
 * output of every step is held back (a layer running beside another); a layer of several queues always holds it.
 */
async function layer(name, queues, { held = false } = {}) {
  const started = performance.now();
  const meanLoad = loadSampler();
  const machineCpu = machineCpuSampler();
  const results = await Promise.all(
    queues.map(async (queue) => {
      const done = [];
      for (const step of queue) done.push({ label: step[0], ...(await runStep(step, { held: held || queues.length > 1 })) });
      return done;
    }),
  );
  const steps = results.flat();
  const ended = performance.now();
  layers.push({
    name,
    seconds: (ended - started) / 1000,
    from: (started - runStarted) / 1000,
    to: (ended - runStarted) / 1000,
    cpu: steps.reduce((t, s) => t + s.cpu, 0),
    load: meanLoad(),
    machine: machineCpu(),
    failed: steps.filter((s) => s.status !== 0).map((s) => s.label),
  });
  return steps.every((s) => s.status === 0);
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

rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });
ensureChromium();

const node = process.execPath;
const bin = (name) => `node_modules/.bin/${name}`;
/** One vitest run of one or more projects (two files at a time: vitest.config.ts), its JSON report named after the first. */
const vitestRun = (label, projects) => [
  label,
  node,
  [
    "node_modules/vitest/vitest.mjs",
    "run",
    ...projects.flatMap((project) => ["--project", project]),
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${REPORTS}/vitest-${projects[0]}.json`,
  ],
];
// The integration files on both servers in one run: the two workers take the next file of either project, so
// neither core waits while the other server's files finish (each file has a database of its own).
const integrationProjects = ["integration", ...(process.env.TEST_DATABASE_URL ? ["integration-external"] : [])];
const vitestReports = ["unit", "integration"];

// Two queues at once: ESLint (type-aware, the longest) alone, the other checks one after another beside it.
const staticQueues = [
  [["lint (ESLint)", bin("eslint"), ["."]]],
  [
    ["dependency rules (dependency-cruiser)", bin("depcruise"), ["app", "lib", "components", "instrumentation.ts", "--config", ".dependency-cruiser.cjs"]],
    ["format (Prettier)", bin("prettier"), ["--check", "."]],
    ["unused files, exports, dependencies (knip)", bin("knip"), []],
    ["OpenAPI document committed (openapi.json; npm run openapi rewrites it)", bin("tsx"), ["scripts/openapi.ts", "--check"]],
  ],
];
const staticChecks = staticQueues.flat();
const staticOk = await layer("lint/deps", staticQueues);

// The production build beside the unit and integration tests: those wait on their databases (each file's
// CREATE DATABASE from the template, the test servers' commits, receivers and child processes) and leave a core
// idle that `next build` takes (docs/testing.md, the figures). Nothing in them reads the build.
const integrationLayer = process.env.TEST_DATABASE_URL ? "integration, embedded + TEST_DATABASE_URL" : "integration, embedded PostgreSQL";
const unitAndIntegration = (async () => {
  await layer("unit", [[vitestRun("vitest unit", ["unit"])]]);
  await layer(integrationLayer, [[vitestRun(`vitest ${integrationProjects.join(" + ")}`, integrationProjects)]]);
})();
const buildOk = await layer(
  "build (beside unit and integration)",
  [
    [
      ["production build", node, ["node_modules/next/dist/bin/next", "build"]],
      ["no Node polyfill in browser chunks", bin("tsx"), ["scripts/browser-chunks.ts", process.env.NEXT_DIST_DIR ?? ".next"]],
    ],
  ],
  { held: true },
);
// Issue 15: the cluster specs through HAProxy against 2 servers of `npm run cluster`, then the cluster's whole log
// searched for secrets and tokens (scripts/test-cluster.mjs). They start as soon as the build is there, beside the
// integration files: those leave most of a core idle (their CPU was 1.3 cores over their wall time), and the cluster
// specs mostly wait (servers draining and starting again, jobs and deliveries polled); beside the browser suite they
// took CPU from its two workers instead (docs/testing.md). Ports, data dirs and reports are their own. After them, in
// the same queue, the API specs that start servers of their own (kill -9, a database restart, a start from another
// folder: playwright.servers.config.ts), which the browser suite used to carry: three minutes of its two workers.
const playwrightCli = "node_modules/@playwright/test/cli.js";
const ownServerReport = `${REPORTS}/playwright-servers.json`;
const beside = buildOk
  ? layer(
      "cluster, own-server API specs (beside integration)",
      [
        [
          ["cluster e2e through the balancer, log check", node, ["scripts/test-cluster.mjs"]],
          [
            "API specs with servers of their own (restarts, start anywhere)",
            node,
            [playwrightCli, "test", "--config", "playwright.servers.config.ts", "--reporter=list,json"],
            { PLAYWRIGHT_JSON_OUTPUT_NAME: ownServerReport },
          ],
        ],
      ],
      { held: true },
    )
  : Promise.resolve(true);
await unitAndIntegration;
if (buildOk) {
  await layer("e2e", [
    [
      [
        "end-to-end tests (Playwright, Debian Chromium)",
        node,
        [playwrightCli, "test", "--reporter=list,json"],
        { PLAYWRIGHT_JSON_OUTPUT_NAME: `${REPORTS}/playwright.json` },
      ],
    ],
  ]);
}
await beside;
// The integration layer's embedded server (tests/global-setup.ts starts it, or reuses a running one, so a vitest run
// of a few files starts at once): the whole suite leaves no database running behind it.
await stopEmbeddedPostgres(process.env.TEST_DATA_DIR ?? ".data/test-embedded");

const vitest = vitestReports
  .map((p) => counts(`${REPORTS}/vitest-${p}.json`, (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests + (r.numFailedTestSuites ?? 0) })))
  .reduce((a, b) => ({ passed: a.passed + b.passed, failed: a.failed + b.failed }));
const playwrightReports = [`${REPORTS}/playwright.json`, ownServerReport];
const e2e = buildOk
  ? playwrightReports
      .map((file) => counts(file, (r) => ({ passed: r.stats.expected, failed: r.stats.unexpected + r.stats.flaky })))
      .reduce((a, b) => ({ passed: a.passed + b.passed, failed: a.failed + b.failed }))
  : { passed: 0, failed: 1 };
// Each static check counts as one test; a failed build as one failure.
const checks = { passed: staticChecks.length - layers[0].failed.length, failed: layers[0].failed.length };
const passed = checks.passed + vitest.passed + e2e.passed;
const failed = checks.failed + vitest.failed + e2e.failed + (buildOk ? 0 : 1);
const ok = layers.every((l) => l.failed.length === 0) && failed === 0;

const probe = cpuGroup("probe");
probe?.remove();
const cpuMeasure = probe ? "a CPU-accounting group per step" : GNU_TIME ? "GNU time, without orphans such as Chromium's" : "unknown";
console.log(
  `\nTime per layer: wall time, from and to (seconds into the run: layers side by side overlap), CPU (user + system of every process it started: ${cpuMeasure}), mean 1-minute load average on ${availableParallelism()} cores, the whole machine's cores idle and waiting for the disk meanwhile (whatever ran)`,
);
const machineShare = (m) => (m ? `idle ${(100 * m.idle).toFixed(0).padStart(2)} %, iowait ${(100 * m.iowait).toFixed(0).padStart(2)} %` : "");
const row = (name, seconds, span, cpu, load, machine, status) =>
  console.log(
    `  ${name.padEnd(56)} ${seconds.toFixed(1).padStart(7)} s  ${span.padStart(13)}  ${cpu.toFixed(1).padStart(7)} s CPU  ${load}  ${machineShare(machine)}  ${status}`,
  );
for (const l of [...layers].sort((a, b) => a.from - b.from))
  row(
    l.name,
    l.seconds,
    `${l.from.toFixed(0)}–${l.to.toFixed(0)}`,
    l.cpu,
    `load ${l.load.toFixed(1).padStart(4)}`,
    l.machine,
    l.failed.length ? `FAILED: ${l.failed.join(", ")}` : "ok",
  );
row(
  "whole run",
  (performance.now() - runStarted) / 1000,
  "",
  layers.reduce((t, l) => t + l.cpu, 0),
  "         ",
  runMachineCpu(),
  "",
);
// Named again at the very end, where a reader of only the run's last lines (a CI log's tail) sees them.
const failures = [...vitestReports.flatMap((p) => vitestFailures(`${REPORTS}/vitest-${p}.json`)), ...playwrightReports.flatMap(playwrightFailures)];
if (failures.length) console.log(`\nFailed tests:\n${failures.map((f) => `  ${f}`).join("\n")}`);
if (!staticOk) console.log("Static checks failed: npm run lint names the import or rule; npm run format fixes formatting.");
console.log(
  `\nchecks: ${checks.passed} passed, ${checks.failed} failed; vitest: ${vitest.passed} passed, ${vitest.failed} failed; playwright: ${e2e.passed} passed, ${e2e.failed} failed`,
);
console.log(`${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
