// The server Playwright starts: a fresh embedded database every run.
import { rmSync } from "node:fs";
import { stopEmbeddedPostgres } from "./embedded-pg.mjs";

const dataDir = process.env.DATA_DIR ?? ".data/e2e";
process.env.DATA_DIR = dataDir;
await stopEmbeddedPostgres(dataDir);
rmSync(dataDir, { recursive: true, force: true });
await import("./server.mjs");
