// `npm start`: build when there is no production build yet, then serve.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

// The machine has no internet: do not let Next try to send telemetry.
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
// A new uat database gets ninety days of demo history (README, Settings); the test harnesses start servers without it.
process.env.DEMO_HISTORY_DAYS ??= "90";

if (!existsSync(`${process.env.NEXT_DIST_DIR ?? ".next"}/BUILD_ID`)) {
  console.log("No production build found: running `next build` first (once).");
  const build = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import("./server.mjs");
