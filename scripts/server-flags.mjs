// The Node flags every production server runs with: those of `npm start` in package.json, their one home
// (docs/decisions.md, "Memory"). The cluster and the benchmarks start their servers with the same.
import { readFileSync } from "node:fs";

export const SERVER_NODE_FLAGS = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"))
  .scripts.start.split(" ")
  .filter((arg) => arg.startsWith("--"));
