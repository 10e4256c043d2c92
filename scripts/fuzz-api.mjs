// npm run fuzz: the generated "no 5xx from any input" test (tests/fuzz) with many runs and a fresh
// seed (printed, so a failure can be replayed with FUZZ_SEED=<seed>). npm test runs it with 20 runs
// per operation and a fixed seed.
import { spawnSync } from "node:child_process";

const runs = process.env.FUZZ_RUNS ?? "2000";
const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
console.log(`fuzz: ${runs} runs per operation, seed ${seed}`);
const result = spawnSync(process.execPath, ["node_modules/vitest/vitest.mjs", "run", "--project", "integration", "tests/fuzz"], {
  stdio: "inherit",
  env: { ...process.env, FUZZ_RUNS: runs, FUZZ_SEED: seed, TEST_DATA_DIR: process.env.TEST_DATA_DIR ?? ".data/test-fuzz" },
});
process.exit(result.status ?? 1);
