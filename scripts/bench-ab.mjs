// Before/after of two builds in one run, interleaved, so that a busy machine's load falls on both alike:
//
//   BENCH_AB_BEFORE_DIST=.next-main node scripts/bench-ab.mjs scripts/bench-webhooks.mjs [more scripts]
//
// Starts the "before" build (BENCH_AB_BEFORE_DIST, with BENCH_AB_BEFORE_ENV, by default API_ADAPTER=0) and the
// "after" build (NEXT_DIST_DIR or .next) as production servers, each on its own port and fresh embedded
// database, then runs each bench script against one and the other in turn (A B, B A, ...) BENCH_AB_ROUNDS times
// with BENCH_BASE_URL set. Every JSON line a script prints is printed again tagged with its side and round,
// and the scripts' own report files go to .data/bench-ab/ (never over docs/). Figures are reported, not asserted.
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import os from "node:os";
import { startOwnServer } from "./bench-kit.mjs";

const scripts = process.argv.slice(2);
const beforeDist = process.env.BENCH_AB_BEFORE_DIST;
if (!beforeDist || scripts.length === 0) {
  console.error("usage: BENCH_AB_BEFORE_DIST=<dist dir of the before build> node scripts/bench-ab.mjs <bench script>...");
  process.exit(2);
}
const PORT = Number(process.env.BENCH_AB_PORT ?? 3240);
const ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 2);
const beforeEnv = Object.fromEntries(
  (process.env.BENCH_AB_BEFORE_ENV ?? "API_ADAPTER=0")
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => pair.split("=")),
);
const OUT_DIR = process.env.BENCH_AB_DIR ?? ".data/bench-ab";
mkdirSync(OUT_DIR, { recursive: true });

const sides = {
  before: await startOwnServer({ port: PORT, dataDir: `${OUT_DIR}/before`, env: { NEXT_DIST_DIR: beforeDist, ...beforeEnv } }),
  after: await startOwnServer({ port: PORT + 1, dataDir: `${OUT_DIR}/after` }),
};

/** Runs one bench script against one side; resolves with the JSON lines it printed. */
function runScript(script, side, round) {
  const tag = script.replace(/^.*\//, "").replace(/\.mjs$/, "");
  const env = {
    ...process.env,
    BENCH_BASE_URL: sides[side].base,
    BENCH_DATA_DIR: `${OUT_DIR}/${side}`,
    BENCH_SERVER_PID: String(sides[side].pid),
    // Each script's own report file, by its variable, kept out of docs/.
    BENCH_WEBHOOKS_OUT: `${OUT_DIR}/${tag}-${side}-${round}.md`,
    BENCH_PAYMENTS_OUT: `${OUT_DIR}/${tag}-${side}-${round}.md`,
  };
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script], { env, stdio: ["ignore", "pipe", "inherit"] });
    const lines = [];
    let rest = "";
    child.stdout.on("data", (chunk) => {
      const text = rest + chunk;
      const parts = text.split("\n");
      rest = parts.pop();
      for (const line of parts) {
        if (!line.startsWith("{")) continue;
        lines.push(line);
        // The script's own fields first: its "round" (if any) must not hide which A/B round this was.
        console.log(JSON.stringify({ ...JSON.parse(line), side, abRound: round, script: tag, load: Number(os.loadavg()[0].toFixed(1)) }));
      }
    });
    child.once("exit", (code) => resolve({ code, lines }));
  });
}

try {
  for (let round = 1; round <= ROUNDS; round++) {
    const order = round % 2 === 1 ? ["before", "after"] : ["after", "before"];
    for (const script of scripts) for (const side of order) await runScript(script, side, round);
  }
} finally {
  await Promise.all(Object.values(sides).map((s) => s.stop()));
}
