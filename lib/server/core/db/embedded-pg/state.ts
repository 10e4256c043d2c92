import "server-only";
import { mkdir, open, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";
import { EmbeddedPostgresSetupError } from "./errors";

/** DATA_DIR/embedded-pg.json; `clusterDir` and `binDir` are absent in files written before they moved. */
export type State = { port: number; password: string; clusterDir?: string; binDir?: string };

const stateFile = (root: string) => path.join(root, "embedded-pg.json");

export async function readState(root: string): Promise<State | null> {
  try {
    return JSON.parse(await readFile(stateFile(root), "utf8")) as State;
  } catch {
    return null;
  }
}

/** Records the state when it changed; readable by its owner alone (it holds the password). */
export async function writeState(root: string, previous: State | null, next: State): Promise<void> {
  if (JSON.stringify(next) !== JSON.stringify(previous)) await writeFile(stateFile(root), JSON.stringify(next), { mode: 0o600 });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export async function ownDataDir(root: string): Promise<void> {
  try {
    await mkdir(root, { recursive: true });
  } catch (error) {
    throw new EmbeddedPostgresSetupError(
      `DATA_DIR ${root} cannot be created (${(error as NodeJS.ErrnoException).code}). Fix: point DATA_DIR at a folder this user can write, or set DATABASE_URL.`,
    );
  }
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Serialises start-up between processes that share one DATA_DIR. */
export async function withStartLock<T>(dataDir: string, fn: () => Promise<T>): Promise<T> {
  const lockFile = path.join(dataDir, "embedded-pg.lock");
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const handle = await open(lockFile, "wx");
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(await readFile(lockFile, "utf8").catch(() => "0"));
      if (!holder || !processAlive(holder)) {
        await rm(lockFile, { force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`embedded PostgreSQL start lock held by pid ${holder}`, { cause: error });
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await fn();
  } finally {
    await rm(lockFile, { force: true });
  }
}
