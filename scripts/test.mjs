// `npm test`: every test, in order of cost. The static checks (dependency rules, ESLint, Prettier, knip), unit
// and integration tests (on the embedded PostgreSQL and, with TEST_DATABASE_URL, on that server too), then a
// production build (and its browser chunks checked for Node polyfills) and the Playwright suite in Debian's
// Chromium. A failing layer does not stop the later ones: one run shows everything that is wrong. The time of
// each layer is printed at the end.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism } from "node:os";

// The machine has no internet: do not let Next try to send telemetry.
process.env.NEXT_TELEMETRY_DISABLED ??= "1";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const REPORTS = ".data/test-reports";

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

/** One step with its output shown as it comes; the event loop keeps turning meanwhile (the load sampler below). */
function runLive(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
    child.on("error", () => resolve(1));
    child.on("close", (status) => resolve(status ?? 1));
  });
}

/**
 * CPU seconds (user + system) of every child this process has waited for, and of their waited-for children
 * (/proc/self/stat's cutime and cstime, in clock ticks of 1/100 s): the difference across a layer is the CPU the
 * layer spent, a figure the machine's other load barely moves, unlike its wall time.
 */
function childCpuSeconds() {
  try {
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** The machine's load average over a minute, sampled every 5 s during a layer: its mean says how shared the cores were. */
function loadSampler() {
  const samples = [];
  const sample = () => samples.push(Number(readFileSync("/proc/loadavg", "utf8").split(" ")[0]));
  sample();
  const timer = setInterval(sample, 5000);
  return () => {
    clearInterval(timer);
    sample();
    return samples.reduce((a, b) => a + b, 0) / samples.length;
  };
}

const layers = [];
/** Runs `body` (resolving to the labels of the failed steps) and records the layer's wall time, CPU time and mean load. */
async function timed(name, body) {
  const started = performance.now();
  const cpuBefore = childCpuSeconds();
  const meanLoad = loadSampler();
  const failed = await body();
  layers.push({ name, seconds: (performance.now() - started) / 1000, cpu: childCpuSeconds() - cpuBefore, load: meanLoad(), failed });
  return failed.length === 0;
}

/** Runs one layer's steps in order; each step is [label, command, args, env?]. */
function layer(name, steps) {
  return timed(name, async () => {
    const failed = [];
    for (const [label, command, args, env] of steps) if ((await runLive(label, command, args, env)) !== 0) failed.push(label);
    return failed;
  });
}

/** One step with its output held back and printed whole when it ends, so that two steps at once do not interleave. */
function runHeld(label, command, args, env = {}) {
  return new Promise((resolve) => {
    const output = [];
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("error", (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on("close", (status) => {
      console.log(`\n=== ${label} ===`);
      process.stdout.write(Buffer.concat(output));
      resolve(status ?? 1);
    });
  });
}

/**
 * A layer of single-threaded tools: its queues run at once (the machine has 2 cores), each queue's steps in
 * order; recorded like layer().
 */
function layerInQueues(name, queues) {
  return timed(name, async () =>
    (
      await Promise.all(
        queues.map(async (queue) => {
          const failedHere = [];
          for (const [label, command, args, env] of queue) if ((await runHeld(label, command, args, env)) !== 0) failedHere.push(label);
          return failedHere;
        }),
      )
    ).flat(),
  );
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
const staticOk = await layerInQueues("lint/deps", staticQueues);
await layer("unit", [vitestRun("vitest unit", ["unit"])]);
await layer(process.env.TEST_DATABASE_URL ? "integration, embedded + TEST_DATABASE_URL" : "integration, embedded PostgreSQL", [
  vitestRun(`vitest ${integrationProjects.join(" + ")}`, integrationProjects),
]);
const buildOk = await layer("build", [
  ["production build", node, ["node_modules/next/dist/bin/next", "build"]],
  ["no Node polyfill in browser chunks", bin("tsx"), ["scripts/browser-chunks.ts", process.env.NEXT_DIST_DIR ?? ".next"]],
]);
if (buildOk) {
  await layer("e2e", [
    [
      "end-to-end tests (Playwright, Debian Chromium)",
      node,
      ["node_modules/@playwright/test/cli.js", "test", "--reporter=list,json"],
      { PLAYWRIGHT_JSON_OUTPUT_NAME: `${REPORTS}/playwright.json` },
    ],
  ]);
  // Issue 15: the API e2e and the cluster specs again, through HAProxy against 2 servers of `npm run cluster`,
  // then the cluster's whole log searched for secrets and tokens (scripts/test-cluster.mjs).
  await layer("cluster (2 servers behind HAProxy)", [["cluster e2e through the balancer, log check", node, ["scripts/test-cluster.mjs"]]]);
}

const vitest = vitestReports
  .map((p) => counts(`${REPORTS}/vitest-${p}.json`, (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests + (r.numFailedTestSuites ?? 0) })))
  .reduce((a, b) => ({ passed: a.passed + b.passed, failed: a.failed + b.failed }));
const e2e = buildOk
  ? counts(`${REPORTS}/playwright.json`, (r) => ({ passed: r.stats.expected, failed: r.stats.unexpected + r.stats.flaky }))
  : { passed: 0, failed: 1 };
// Each static check counts as one test; a failed build as one failure.
const checks = { passed: staticChecks.length - layers[0].failed.length, failed: layers[0].failed.length };
const passed = checks.passed + vitest.passed + e2e.passed;
const failed = checks.failed + vitest.failed + e2e.failed + (buildOk ? 0 : 1);
const ok = layers.every((l) => l.failed.length === 0) && failed === 0;

console.log(`\nTime per layer (wall, CPU user+system of everything it ran, mean 1-minute load average on ${availableParallelism()} cores):`);
const row = (name, seconds, cpu, load, status) =>
  console.log(`  ${name.padEnd(44)} ${seconds.toFixed(1).padStart(7)} s  ${cpu.toFixed(1).padStart(7)} s CPU  ${load}  ${status}`);
for (const l of layers) row(l.name, l.seconds, l.cpu, `load ${l.load.toFixed(1).padStart(4)}`, l.failed.length ? `FAILED: ${l.failed.join(", ")}` : "ok");
const sum = (pick) => layers.reduce((t, l) => t + pick(l), 0);
row(
  "total",
  sum((l) => l.seconds),
  sum((l) => l.cpu),
  "         ",
  "",
);
if (!staticOk) console.log("Static checks failed: npm run lint names the import or rule; npm run format fixes formatting.");
console.log(
  `\nchecks: ${checks.passed} passed, ${checks.failed} failed; vitest: ${vitest.passed} passed, ${vitest.failed} failed; playwright: ${e2e.passed} passed, ${e2e.failed} failed`,
);
console.log(`${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
