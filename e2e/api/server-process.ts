import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";

/** A production server of our own, for tests that kill and restart it. */
export type ServerProcess = { child: ChildProcess; baseUrl: string; dataDir: string };

export function startServer(port: number, dataDir: string, env: Record<string, string> = {}): ServerProcess {
  const child = spawn(process.execPath, ["scripts/server.mjs"], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, APP_ENV: "uat", RATE_LIMIT_MAX: "1000", ...env },
    // Its own process group, so a kill -9 of the group is a crash of the whole app.
    detached: true,
    stdio: "ignore",
  });
  return { child, baseUrl: `http://localhost:${port}`, dataDir };
}

export async function waitHealthy(baseUrl: string, timeoutMs = 60_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) return Date.now() - started;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${baseUrl} did not become healthy within ${timeoutMs} ms`);
}

export function killHard(server: ServerProcess): void {
  process.kill(-server.child.pid!, "SIGKILL");
}

export async function stopGracefully(server: ServerProcess): Promise<void> {
  const exited = new Promise((r) => server.child.once("exit", r));
  process.kill(-server.child.pid!, "SIGTERM");
  await exited;
}

/**
 * Where the embedded cluster of `dataDir` lives: DATA_DIR/pg, or, run as root from a folder the
 * `postgres` user cannot enter, the folder in /var/lib/harbour that DATA_DIR/embedded-pg.json records.
 */
export function clusterDir(dataDir: string): string {
  try {
    const { clusterDir } = JSON.parse(readFileSync(path.join(dataDir, "embedded-pg.json"), "utf8")) as { clusterDir?: string };
    if (clusterDir) return clusterDir;
  } catch {
    // No state file yet: the cluster, if any, is in DATA_DIR/pg.
  }
  return path.join(dataDir, "pg");
}

/** The embedded cluster's postmaster pid, from its pid file; null when it is not running (no pid file). */
export function postmasterPid(dataDir: string): number | null {
  try {
    return Number(readFileSync(path.join(clusterDir(dataDir), "postmaster.pid"), "utf8").split("\n")[0]);
  } catch {
    return null;
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function embeddedUrl(dataDir: string): string {
  const { port, password } = JSON.parse(readFileSync(path.join(dataDir, "embedded-pg.json"), "utf8")) as { port: number; password: string };
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/harbour`;
}

export function resetDataDir(dataDir: string): void {
  rmSync(dataDir, { recursive: true, force: true });
}

export async function clientToken(baseUrl: string, clientId = "acme"): Promise<string> {
  const res = await fetch(`${baseUrl}/v1/oauth/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${clientId}-uat-secret`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
  if (!res.ok) throw new Error(`token: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}
