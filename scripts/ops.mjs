// `npm run ops -- <command>`: the bank operations command line (docs/operations.md).
// Runs lib/server/entry/cli/main.ts under tsx with the react-server condition, so the
// server modules' `import "server-only"` resolves to its empty module.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const result = spawnSync(
  process.execPath,
  ["--conditions=react-server", "--import", "tsx", path.join(root, "lib/server/entry/cli/main.ts"), ...process.argv.slice(2)],
  { stdio: "inherit", cwd: root, env: { ...process.env, NODE_NO_WARNINGS: "1" } },
);
process.exit(result.status ?? 1);
