import "server-only";
import { execFile } from "node:child_process";
import { lstat, mkdir } from "node:fs/promises";
import { promisify } from "node:util";
import { EmbeddedPostgresSetupError } from "./errors";

export const run = promisify(execFile);

/**
 * Where, run as root, the binaries are copied and clusters kept when the `postgres` user
 * cannot reach the originals (node_modules or DATA_DIR inside a folder only root can enter).
 */
export const ROOT_HOME = "/var/lib/harbour";

/** How `postgres` is run as root; cwd "/" as the app's folder may be closed to it. */
export type Ids = { uid?: number; gid?: number; cwd?: string };

function isRoot(): boolean {
  return typeof process.getuid === "function" && process.getuid() === 0;
}

async function idOf(flag: "-u" | "-g"): Promise<number> {
  return Number((await run("id", [flag, "postgres"])).stdout.trim());
}

/** PostgreSQL refuses to run as root; as root we run its binaries as `postgres` (created if missing). */
export async function postgresIds(): Promise<Ids> {
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
export async function canEnter(dir: string, ids: Ids): Promise<boolean> {
  if (ids.uid === undefined) return true;
  return run("/bin/sh", ["-c", 'test -x "$1" && test -r "$1"', "sh", dir], ids).then(
    () => true,
    () => false,
  );
}

/** Whether `postgres` can run `binary`. */
export async function runsAs(binary: string, ids: Ids): Promise<boolean> {
  return run(binary, ["--version"], ids).then(
    () => true,
    () => false,
  );
}

/** ROOT_HOME and its sub-folders: root's own, not writable by anyone else (what `postgres` runs comes from here). */
export async function rootFolder(dir: string): Promise<string> {
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
