import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A PostgreSQL 15 cluster of the test's own (Debian's binaries), so a test can
 * restart or kill its server without disturbing anyone else's database.
 */
export const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

export type PrivatePostgres = { dir: string; port: number; url: string };

function ids(): { uid?: number; gid?: number } {
  // initdb and postgres refuse to run as root.
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"]).toString().trim());
  return { uid: id("-u"), gid: id("-g") };
}

export function pgCtl(pg: PrivatePostgres, ...args: string[]): void {
  execFileSync(path.join(PG_BIN, "pg_ctl"), ["-D", path.join(pg.dir, "data"), ...args], { ...ids(), stdio: "ignore", timeout: 60_000 });
}

export function createPrivatePostgres(port: number): PrivatePostgres {
  const dir = mkdtempSync(path.join(tmpdir(), "harbour-pg-"));
  const { uid, gid } = ids();
  if (uid !== undefined && gid !== undefined) chownSync(dir, uid, gid);
  execFileSync(path.join(PG_BIN, "initdb"), ["-D", path.join(dir, "data"), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"], {
    ...ids(),
    stdio: "ignore",
  });
  const pg = { dir, port, url: `postgres://postgres@127.0.0.1:${port}/postgres` };
  start(pg);
  return pg;
}

export function start(pg: PrivatePostgres): void {
  pgCtl(pg, "-o", `-p ${pg.port} -k ${pg.dir} -c listen_addresses=127.0.0.1`, "-l", path.join(pg.dir, "log"), "-w", "start");
}

export function postmasterPid(pg: PrivatePostgres): number {
  return Number(readFileSync(path.join(pg.dir, "data", "postmaster.pid"), "utf8").split("\n")[0]);
}

export function removePrivatePostgres(pg: PrivatePostgres): void {
  if (existsSync(path.join(pg.dir, "data", "postmaster.pid"))) {
    try {
      pgCtl(pg, "-m", "immediate", "-w", "stop");
    } catch {
      // Already gone.
    }
  }
  rmSync(pg.dir, { recursive: true, force: true });
}
